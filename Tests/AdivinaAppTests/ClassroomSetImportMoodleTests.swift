import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
@testable import Models
@testable import QuestionBanks

/// The import route as a teacher's script and Moodle's files meet it (issue 35): a bank sent as
/// `text/plain`, `application/xml` or with no type; quotes, TeX and CRLF read as the text they
/// are; control characters from XML entities dropped with a note; a Windows-1252 file labelled
/// ISO-8859-1; the same bank twice; a hostile bank refused without holding the sets' queue.
@MainActor
struct ClassroomSetImportMoodleTests {
    private static let gift = "::Q1:: Simplifica \"la fracción $$\\frac\\{2\\}\\{4\\}$$\" {=1/2}\n"

    /// `body` posted raw to the import route with `type` (nil: no `Content-Type` at all).
    private func rawImport(
        _ running: RunningApp, key: String, _ body: [UInt8], type: String?, query: String = "", origin: String? = nil
    ) async -> (status: Int, body: String) {
        var head = "POST /api/classroom/sets/import\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Host-Key: \(key)\r\nConnection: close\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        if let type { head += "Content-Type: \(type)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        // The app closes the connection once it answers: the bound only stops a hang.
        let reply = await rawExchange(port: running.url.port ?? 0, head + String(decoding: body, as: UTF8.self), timeout: hangBound)
        let status = Int(reply.text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let text = reply.text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, text)
    }

    @Test func aBankIsTakenWithItsOwnTypeOrNoneAndNoRefusalSpeaksOfJSON() async throws {
        try await withClassroom { running, host, _ in
            let key = try #require(running.app.hostKey)
            for type in ["text/plain; charset=utf-8", "application/xml", nil, "application/json"] {
                let reply = await rawImport(running, key: key, Array(Self.gift.utf8), type: type)
                #expect(reply.status == 201, "\(type ?? "no type"): \(reply.body)")
            }
            let broken = await rawImport(running, key: key, Array("<quiz><question".utf8), type: "application/xml", query: "?format=moodle-xml")
            #expect(broken.status == 400 && !broken.body.contains("JSON"), "\(broken.body)")
            let other = await rawImport(running, key: key, Array(Self.gift.utf8), type: "text/plain")
            #expect(other.status == 201)
            // Another site still cannot post a file: the origin rule holds for every type.
            let foreign = await rawImport(running, key: key, Array(Self.gift.utf8), type: "text/plain", origin: "https://otro.example")
            #expect(foreign.status == 403)
            #expect(try await host.get("/api/classroom/sets").status == 200)
        }
    }

    @Test func quotesTeXAndCRLFAreTextNotJSON() async throws {
        let aiken = "¿Qué mide un monitor de 12\"?\r\nA) La diagonal\r\nB) El ancho\r\nANSWER: A\r\n"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><quiz><question type="shortanswer"><name><text>Rho</text></name>
            <questiontext format="html"><text><![CDATA[<p>Dijo "hola y \\(\\rho\\)</p>]]></text></questiontext>
            <answer fraction="100"><text>rho</text></answer></question></quiz>
            """
        try await withClassroom { _, host, _ in
            for (format, body, question) in [
                ("gift", Self.gift, "Simplifica \"la fracción $$\\frac{2}{4}$$\""), ("aiken", aiken, "¿Qué mide un monitor de 12\"?"),
                ("moodle-xml", xml, "Dijo \"hola y \\(\\rho\\)"),
            ] {
                let reply = try await host.post("/api/classroom/sets/import?format=\(format)", body)
                #expect(reply.status == 201, "\(format): \(reply.error ?? "")")
                let id = try #require(reply.json["id"] as? Int)
                let quizzes = try #require(try await host.get("/api/classroom/sets/\(id)").json["quizzes"] as? [[String: Any]])
                #expect(quizzes.first?["question"] as? String == question, "\(format)")
            }
        }
    }

    @Test func controlCharactersFromEntitiesAreDroppedWithANoteAndTheExportIsWellFormed() async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><quiz><question type="multichoice"><name><text>Es&#x1B;cape</text></name>
            <questiontext format="html"><text>¿Campana&#7;?&#xFFFE;</text></questiontext><single>true</single>
            <answer fraction="100"><text>S&#x85;í</text><feedback><text>Bi&#1;en</text></feedback></answer>
            <answer fraction="0"><text>No</text></answer></question></quiz>
            """
        try await withClassroom { _, host, _ in
            let reply = try await host.post("/api/classroom/sets/import?format=moodle-xml", xml)
            #expect(reply.status == 201, "\(reply.error ?? "")")
            let notes = try #require(reply.json["notes"] as? [[String: String]])
            #expect(notes.contains { $0["name"] == "Escape" && $0["reason"] == ImportControlCharacters.note }, "\(notes)")
            let id = try #require(reply.json["id"] as? Int)
            let quiz = try #require((try await host.get("/api/classroom/sets/\(id)").json["quizzes"] as? [[String: Any]])?.first)
            #expect(quiz["question"] as? String == "¿Campana?" && quiz["name"] as? String == "Escape")
            let options = try #require(quiz["options"] as? [[String: Any]])
            #expect(options.first?["text"] as? String == "Sí" && options.first?["feedback"] as? String == "Bien")
            for path in ["export.xml", "export.gift"] {
                let file = String(decoding: try await host.get("/api/classroom/sets/\(id)/\(path)").body, as: UTF8.self)
                #expect(!file.unicodeScalars.contains { ImportControlCharacters.isRefused($0) || $0.value == 0xFFFE }, "\(path)")
            }
            let exported = try await host.get("/api/classroom/sets/\(id)/export.xml").body
            #expect((try? XMLTree.parse(String(decoding: exported, as: UTF8.self))) != nil, "export.xml is well-formed")
        }
    }

    @Test func aWindowsBankLabelledLatin1ReadsItsEuroAndQuotes() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><quiz><question type="shortanswer"><name><text>Precio</text></name><questiontext format="html"><text>"#.utf8)
        bytes += [0x93, 0xBF, 0x43, 0x75, 0xE1, 0x6E, 0x74, 0x6F, 0x3F, 0x94, 0x20, 0x96, 0x20, 0x6E, 0x61, 0x64, 0x61, 0x85]  // “¿Cuánto?” – nada…
        bytes += Array("</text></questiontext><answer fraction=\"100\"><text>5 ".utf8) + [0x80] + Array("</text></answer></question></quiz>".utf8)
        let prepared = try SetImport.read(Data(bytes), title: "", format: nil)
        let quiz = try #require(prepared.set.quizzes.first)
        #expect(quiz.question == "“¿Cuánto?” – nada…" && quiz.answer == .text(answer: "5 €", alternatives: []))
    }

    @Test func theSameBankTwiceIsTwoSetsToldApart() async throws {
        try await withClassroom { _, host, _ in
            var titles: [String] = []
            for _ in 0..<3 {
                let reply = try await host.post("/api/classroom/sets/import?format=gift", "$CATEGORY: $course$/top/Tema 1\n\n" + Self.gift)
                let id = try #require(reply.json["id"] as? Int)
                titles.append(try #require(try await host.get("/api/classroom/sets/\(id)").json["title"] as? String))
            }
            #expect(titles == ["Tema 1", "Tema 1 (2)", "Tema 1 (3)"])
        }
    }

    @Test func braceTroubleSaysHowToWriteFormulas() async throws {
        try await withClassroom { _, host, _ in
            let reply = try await host.post("/api/classroom/sets/import?format=gift", "::Llaves::¿Qué vale $$\\binom{n ~ 1}{k}$$?{=n}\n")
            #expect(reply.status == 400)
            #expect(reply.error?.contains("¿fórmulas con llaves? En GIFT se escriben \\{ y \\}") == true, "\(reply.error ?? "")")
        }
    }

    @Test func aHostileBankIsRefusedAtItsOptionLimitAndOffTheSetsQueue() async throws {
        var bank = "::Enorme::¿Cuál?{=a\n"
        bank.reserveCapacity(2_000_000)
        for index in 0..<290_000 { bank += "~o\(index % 1000)\n" }
        bank += "}\n\n::Buena::¿Dos?{=2}\n"
        let hostile = bank
        #expect(hostile.utf8.count < SetImport.maxSize)
        try await withClassroom { _, host, _ in
            let created = try await host.post("/api/classroom/sets", #"{"title":"Otro","quizzes":[{"question":"¿Uno?","answer":"1"}]}"#)
            #expect(created.status == 201)
            async let importing = host.post("/api/classroom/sets/import?format=gift", hostile)
            // The sets' queue answers while the import is read (a round's start reads its set there).
            let listed = try await host.get("/api/classroom/sets")
            #expect(listed.status == 200)
            let reply = try await importing
            #expect(reply.status == 201 && reply.json["count"] as? Int == 1, "\(reply.error ?? "")")
            let notes = try #require(reply.json["notes"] as? [[String: String]])
            #expect(notes.first == ["name": "Enorme", "reason": "tiene más de \(ImportDifferences.maxAnswers) respuestas"])
        }
    }
}
