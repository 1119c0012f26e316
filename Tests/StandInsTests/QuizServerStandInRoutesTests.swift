import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Testing
import TestSupport
@testable import StandIns

/// The quiz stand-in mounted on a real `HTTPServer` (port 0), spoken to over real HTTP.
@Suite final class QuizServerStandInRoutesTests {
    let directory: URL
    let session: URLSession

    /// One session for every test of the suite, never torn down (see `URLSessionTransport`: on
    /// Linux a session's teardown races its sockets' dispatch sources).
    private static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    init() throws {
        directory = try makeTemporaryDirectory()
        session = Self.sharedSession
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Serves `catalog` at `/standin/quiz` on a fresh server for the length of `body`.
    func withStandIn(
        _ catalog: QuizCatalog? = nil,
        _ body: (_ base: String) async throws -> Void
    ) async throws {
        let standIn = try QuizServerStandIn(
            catalog: try catalog ?? QuizCatalog.bundled(), images: try StandInImages.bundled("quiz"),
            mountPath: "/standin/quiz", dataDirectory: directory)
        var router = Router()
        standIn.mount(on: &router, controls: true)
        router.get("/other") { _ in .text("not the stand-in") }
        let server = try HTTPServer(configuration: .init(port: 0), router: router)
        do {
            try await body("http://127.0.0.1:\(server.port)")
            await server.shutdown()
        } catch {
            await server.shutdown()
            throw error
        }
    }

    struct Reply {
        let status: Int
        let contentType: String?
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> Any { try jsonValue(body) }
    }

    func send(_ url: String, method: String = "GET") async throws -> Reply {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        let (data, response) = try await session.dataOffPool(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Reply(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
    }

    /// A query value escaped as a strict client would: only unreserved ASCII stays as is.
    func escaped(_ value: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    @Test func withoutATokenTheAPIIsUnauthorized() async throws {
        try await withStandIn { base in
            let reply = try await send("\(base)/standin/quiz/api/quizzes/random10")
            #expect(reply.status == 401)
            #expect(reply.text == "Unauthorized")
            #expect(reply.contentType?.hasPrefix("text/plain") == true)
            #expect(try await send("\(base)/standin/quiz/api/users/tokenOwner/favourites/1?token=", method: "PUT").status == 401)
        }
    }

    @Test func random10ItemsPointAtImagesTheServerServes() async throws {
        try await withStandIn { base in
            let reply = try await send("\(base)/standin/quiz/api/quizzes/random10?token=abc")
            #expect(reply.status == 200)
            #expect(reply.contentType?.hasPrefix("application/json") == true)
            let items = try #require(try reply.json() as? [[String: Any]])
            #expect(items.count == 10)
            #expect(items.allSatisfy { $0["answer"] == nil && $0["question"] is String })
            let urls = items.flatMap { item -> [String] in
                let attachment = item["attachment"] as? [String: Any]
                let photo = (item["author"] as? [String: Any])?["photo"] as? [String: Any]
                return [attachment?["url"], photo?["url"]].compactMap { $0 as? String }
            }
            #expect(!urls.isEmpty)
            for url in urls {
                #expect(url.hasPrefix("/standin/quiz/images/"))
                let image = try await send(base + url)
                #expect(image.status == 200, "\(url)")
                #expect(image.contentType == "image/svg+xml")
                #expect(image.text.hasPrefix("<svg"))
            }
            let head = try await send(base + (try #require(urls.first)), method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }

    @Test(arguments: ["a&b=c", "50% off", "1+1", "#1", "ñandú", "  dos  espacios ", "?x=1;y", "\"quoted\" \\ slash/"])
    func checkEchoesEscapedAnswers(answer: String) async throws {
        try await withStandIn { base in
            let reply = try await send("\(base)/standin/quiz/api/quizzes/52/check?answer=\(escaped(answer))&token=t")
            #expect(reply.status == 200)
            let body = try #require(try reply.json() as? [String: Any])
            #expect(body["quizId"] as? Int == 52)
            #expect(body["answer"] as? String == answer)
            #expect(body["result"] as? Bool == false)
        }
    }

    @Test func checkAndAnswerOverHTTP() async throws {
        try await withStandIn { base in
            let right = try await send("\(base)/standin/quiz/api/quizzes/52/check?answer=\(escaped("  BLUE whale "))&token=t")
            #expect(try right.json() as? NSDictionary == ["quizId": 52, "answer": "  BLUE whale ", "result": true])
            let answer = try await send("\(base)/standin/quiz/api/quizzes/52/answer?token=t")
            #expect(answer.text == #"{"quizId":52,"answer":"Blue whale"}"#)
            let missing = try await send("\(base)/standin/quiz/api/quizzes/999/answer?token=t")
            #expect(missing.status == 404)
            #expect(missing.text == #"{"error":"There is no quiz with id=999"}"#)
        }
    }

    @Test func favouritesPersistAcrossServerRestarts() async throws {
        try await withStandIn { base in
            for _ in 0..<2 {
                let put = try await send("\(base)/standin/quiz/api/users/tokenOwner/favourites/3?token=ana", method: "PUT")
                #expect(put.text == #"{"id":3,"favourite":true}"#)
            }
        }
        try await withStandIn { base in
            var favourite: Bool?
            while favourite == nil {
                let item = try #require(try await send("\(base)/standin/quiz/api/quizzes/random?token=ana").json() as? [String: Any])
                #expect(item["nomore"] == nil)
                if item["id"] as? Int == 3 { favourite = item["favourite"] as? Bool }
            }
            #expect(favourite == true)
            let delete = try await send("\(base)/standin/quiz/api/users/tokenOwner/favourites/3?token=ana", method: "DELETE")
            #expect(delete.text == #"{"id":3,"favourite":false}"#)
        }
    }

    @Test func theOutageSwitchWorksOverHTTP() async throws {
        try await withStandIn { base in
            let down = try await send("\(base)/standin/quiz/control/outage?status=502", method: "PUT")
            #expect(down.status == 200)
            #expect(try await send("\(base)/standin/quiz/api/quizzes/random10?token=t").status == 502)
            let up = try await send("\(base)/standin/quiz/control/outage", method: "DELETE")
            #expect(up.status == 200)
            #expect(try await send("\(base)/standin/quiz/api/quizzes/random10?token=t").status == 200)
        }
    }

    @Test func onlyPathsBelowTheMountPointReachTheStandIn() async throws {
        try await withStandIn { base in
            let unknown = try await send("\(base)/standin/quiz/api/quizzes/random10?token=t", method: "POST")
            #expect(unknown.status == 404)
            #expect(unknown.text == #"{"error":"Not found"}"#)
            #expect(try await send("\(base)/standin/quiz").status == 404)
            #expect(try await send("\(base)/other").text == "not the stand-in")
            #expect(try await send("\(base)/api/quizzes/random10?token=t").status == 404)
        }
    }

    @Test(arguments: Fixtures.quizFiles) func servesEachShapeOverHTTP(file: QuizFixture) async throws { try await servesOverHTTP(file) }
    @Test(.realFixtures, arguments: RealFixtures.quizFiles) func servesTheRealFiles(file: QuizFixture) async throws { try await servesOverHTTP(file) }

    private func servesOverHTTP(_ file: QuizFixture) async throws {
        let name = file.name
        let originals = try file.items()
        try await withStandIn(try QuizCatalog(contentsOf: file.url)) { base in
            var served: [Int: [String: Any]] = [:]
            while true {
                let item = try #require(try await send("\(base)/standin/quiz/api/quizzes/random?token=t").json() as? [String: Any])
                if item["nomore"] as? Bool == true { break }
                served[try #require(item["id"] as? Int)] = item
            }
            #expect(served.count == Set(originals.compactMap { $0["id"] as? Int }).count)
            for original in originals.reversed() {
                let id = try #require(original["id"] as? Int)
                var expected = original
                expected["answer"] = nil
                expected["favourite"] = false
                #expect(served[id].map { $0 as NSDictionary } == expected as NSDictionary, "\(name) quiz \(id)")
            }
            let ten = try #require(try await send("\(base)/standin/quiz/api/quizzes/random10?token=t").json() as? [[String: Any]])
            #expect(ten.count == min(10, file.count))
            let first = try #require(originals.first)
            let answer = try #require(first["answer"] as? String)
            let id = try #require(first["id"] as? Int)
            let check = try await send("\(base)/standin/quiz/api/quizzes/\(id)/check?answer=\(escaped(answer.lowercased()))&token=t")
            #expect(try check.json() as? NSDictionary == ["quizId": id, "answer": answer.lowercased(), "result": true])
        }
    }
}
