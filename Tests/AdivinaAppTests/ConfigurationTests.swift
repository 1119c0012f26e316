import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
@testable import HTTPServer

/// The command line of `adivina`: defaults, every flag, and the refusals.
struct ConfigurationTests {
    let environment = ["HOME": "/home/ana"]

    @Test func defaultsFollowDesign() throws {
        let configuration = try #require(try Configuration.parse([], environment: environment))
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory.path == "/home/ana/.local/share/adivina")
        #expect(configuration.quizServer == nil)
        #expect(configuration.accessLog == false)
        #expect(configuration.classroom == false)
        #expect(configuration.loops == nil, "one loop per core, decided by the server")
    }

    @Test func classroomFlagKeepsLoopbackUnlessAHostIsGiven() throws {
        let configuration = try #require(try Configuration.parse(["--classroom"], environment: environment))
        #expect(configuration.classroom && configuration.host == "127.0.0.1")
        #expect(Configuration.usage.contains("--classroom"))
    }

    @Test func aNewHostKeyIsAskedOnlyInAClassroom() throws {
        #expect(try #require(try Configuration.parse(["--classroom"], environment: [:])).newHostKey == false)
        #expect(try #require(try Configuration.parse(["--classroom", "--new-host-key"], environment: [:])).newHostKey)
        #expect(throws: ConfigurationError.invalidValue("--new-host-key", "only makes sense with --classroom")) {
            try Configuration.parse(["--new-host-key"], environment: [:])
        }
    }

    @Test func xdgDataHomeWins() throws {
        let configuration = try #require(
            try Configuration.parse([], environment: ["HOME": "/h", "XDG_DATA_HOME": "/x/data"]))
        #expect(configuration.dataDirectory.path == "/x/data/adivina")
    }

    @Test func relativeXDGDataHomeIsIgnoredAsTheSpecSays() throws {
        let configuration = try #require(
            try Configuration.parse([], environment: ["HOME": "/h", "XDG_DATA_HOME": "rel"]))
        #expect(configuration.dataDirectory.path == "/h/.local/share/adivina")
    }

    @Test func everyFlagIsRead() throws {
        let configuration = try #require(try Configuration.parse([
            "--host", "0.0.0.0", "--port=0", "--data-dir", "/tmp/d", "--webroot", "/srv/www",
            "--access-log", "--quiz-server", "https://quiz.example.org", "--quiz-token", "abc",
            "--quiz-data", "/tmp/q.json", "--quizzes-file", "/tmp/p41.json", "--news-server", "https://blog.example.org",
            "--books-url", "https://ibros.core.upm.es", "--matches-url", "http://m.example/",
            "--movies-url", "http://p.example/movies.json", "--loops", "3",
        ], environment: environment))
        #expect(configuration.loops == 3)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 0)
        #expect(configuration.dataDirectory.path == "/tmp/d")
        #expect(configuration.webRoot?.path == "/srv/www")
        #expect(configuration.accessLog)
        #expect(configuration.quizServer?.absoluteString == "https://quiz.example.org")
        #expect(configuration.quizToken == "abc")
        #expect(configuration.quizData?.path == "/tmp/q.json")
        #expect(configuration.quizzesFile?.path == "/tmp/p41.json")
        #expect(configuration.newsServer?.host == "blog.example.org")
        #expect(configuration.booksURL?.host == "ibros.core.upm.es")
        #expect(configuration.matchesURL?.host == "m.example")
        #expect(configuration.moviesURL?.path == "/movies.json")
    }

    @Test @MainActor func theLoopsFlagReachesTheServer() async throws {
        try await withApp(["--loops", "3"]) { running in
            #expect(running.app.server.connectionsPerLoop.count == 3)
        }
        try await withApp { running in
            #expect(running.app.server.connectionsPerLoop.count == HTTPServer.Configuration.defaultEventLoops)
        }
    }

    @Test func helpReturnsNil() throws {
        #expect(try Configuration.parse(["--port", "1", "--help"], environment: environment) == nil)
        #expect(Configuration.usage.contains("--quiz-data"))
        #expect(Configuration.usage.contains("--quizzes-file FILE  practice 4.1: the Quizzes app lists every quiz of FILE"))
    }

    @Test(arguments: [
        (["--bogus"], ConfigurationError.unknownOption("--bogus")),
        (["--port"], .missingValue("--port")),
        (["--port", "70000"], .invalidValue("--port", "must be a number from 0 to 65535")),
        (["--port", "http"], .invalidValue("--port", "must be a number from 0 to 65535")),
        (["--loops", "0"], .invalidValue("--loops", "must be a number from 1 to 16")),
        (["--loops", "17"], .invalidValue("--loops", "must be a number from 1 to 16")),
        (["--quiz-server", "ftp://x"], .invalidValue("--quiz-server", "must be an http:// or https:// URL")),
        (["--quiz-server", "https://q.example"], .missingValue("--quiz-token")),
        (["--quiz-token", "t"], .invalidValue("--quiz-token", "only makes sense with --quiz-server")),
        (["--data-dir="], .missingValue("--data-dir")),
        (["--quizzes-file", "/tmp/q.json", "--classroom"],
         .invalidValue("--quizzes-file", "cannot be used with --classroom (a round's quizzes come from the quiz server)")),
    ])
    func refusals(arguments: [String], expected: ConfigurationError) {
        #expect(throws: expected) { try Configuration.parse(arguments, environment: environment) }
    }

    @Test func aQuizzesFileThatCannotBePlayedIsRefusedBeforeTheStart() throws {
        let directory = TestFiles.scratch("adivina-config")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ name: String, _ content: String?) throws {
            let url = directory.appendingPathComponent(name)
            if let content { try Data(content.utf8).write(to: url) }
            let configuration = try #require(try Configuration.parse(["--quizzes-file", url.path], environment: environment))
            try configuration.checkFiles()
        }
        let missing = directory.appendingPathComponent("nada.json").path
        #expect(throws: ConfigurationError.invalidValue("--quizzes-file \(missing)", "no se puede leer nada.json")) {
            try check("nada.json", nil)
        }
        #expect(throws: ConfigurationError.self) { try check("web.json", "<html>no</html>") }
        #expect(throws: ConfigurationError.self) { try check("sin-respuestas.json", #"[{"id":1,"question":"Q"}]"#) }
        try check("buena.json", #"[{"id":1,"question":"Q","answer":"A"}]"#)
        try #require(try Configuration.parse([], environment: environment)).checkFiles()
    }
}

@Suite("--standin-controls: for tests, on loopback, never in a classroom")
@MainActor
struct StandInControlsFlagTests {
    @Test func theFlagIsOffByDefaultAndOnWhenGiven() throws {
        #expect(try #require(try Configuration.parse([], environment: [:])).standInControls == false)
        #expect(try #require(try Configuration.parse(["--standin-controls"], environment: [:])).standInControls)
        #expect(try #require(try Configuration.parse(["--standin-controls", "--host", "::1"], environment: [:])).standInControls)
    }

    @Test(arguments: [["--standin-controls", "--classroom"], ["--standin-controls", "--host", "0.0.0.0"], ["--host", "192.168.1.5", "--standin-controls"]])
    func theFlagIsRefusedInAClassroomOrBeyondLoopback(_ arguments: [String]) {
        #expect(throws: ConfigurationError.invalidValue("--standin-controls", "is for tests: only on loopback, never with --classroom")) {
            try Configuration.parse(arguments, environment: [:])
        }
    }

    @Test func aClassroomsStandInsHaveNoSwitch() async throws {
        try await withApp(["--classroom"]) { running in
            for app in ["quiz", "books", "matches", "movies", "news"] {
                let reply = try await running.put("/standin/\(app)/control/outage?status=503")
                #expect(reply.status == 404, "\(app)")
            }
        }
    }
}

/// `--public-url`: the root of the site students open through the proxy, nothing else.
struct PublicURLFlagTests {
    let environment = ["HOME": "/home/ana"]

    @Test func aSiteRootIsKeptEndingInASlash() throws {
        let plain = try #require(try Configuration.parse(["--public-url", "https://aula.local"], environment: environment))
        #expect(plain.publicURL?.absoluteString == "https://aula.local/")
        let withPort = try #require(try Configuration.parse(["--public-url=http://10.0.0.5:8443/"], environment: environment))
        #expect(withPort.publicURL?.absoluteString == "http://10.0.0.5:8443/")
        #expect(try #require(try Configuration.parse([], environment: environment)).publicURL == nil)
        #expect(Configuration.usage.contains("--public-url URL"))
    }

    @Test func aPathAQueryOrAnotherSchemeIsRefused() {
        for value in ["https://aula.local/adivina/", "https://aula.local/?a=1", "ftp://aula.local/", "aula.local"] {
            #expect(throws: ConfigurationError.self, "\(value)") {
                try Configuration.parse(["--public-url", value], environment: environment)
            }
        }
    }
}
