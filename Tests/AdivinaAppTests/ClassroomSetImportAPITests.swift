import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
import QuestionBanks

/// Question banks over HTTP: each format imported into a new set with its notes, an embedded
/// image kept as an upload, the format given or recognised, the refusals, and the set exported
/// for Moodle as GIFT and XML that import back as the same quizzes.
@MainActor
struct ClassroomSetImportAPITests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    private static let files: [(format: String, body: String, title: String, count: Int, skipped: Int)] = [
        ("gift", "$CATEGORY: $course$/top/Capitales\n\n::Francia::¿Capital de Francia?{=París ~Lyon}\n\n::Ensayo::Escribe.{}\n", "Capitales", 1, 1),
        ("aiken", "¿Capital de Italia?\nA) Roma\nB) Milán\nANSWER: A\n", "Preguntas importadas", 1, 0),
        ("moodle-xml", """
            <?xml version="1.0" encoding="UTF-8"?><quiz>
            <question type="category"><category><text>$course$/top/Cielo</text></category></question>
            <question type="multichoice"><name><text>Color</text></name>
            <questiontext format="html"><text><![CDATA[<p>¿Color del cielo?</p><img src="@@PLUGINFILE@@/cielo.png">]]></text>
            <file name="cielo.png" path="/" encoding="base64">\(Data(png).base64EncodedString())</file></questiontext>
            <single>true</single><answer fraction="100"><text>Azul</text></answer><answer fraction="0"><text>Verde</text></answer></question>
            <question type="matching"><name><text>Parejas</text></name><questiontext><text>Une.</text></questiontext></question>
            </quiz>
            """, "Cielo", 1, 1),
        ("quizzes-json", #"[{"id":1,"question":"¿Dos y dos?","answer":"4","favourite":"maybe"}]"#, "Preguntas importadas", 1, 0),
    ]

    @Test func eachFormatIsImportedGivenOrRecognisedWithItsNotes() async throws {
        try await withClassroom { _, host, anyone in
            for file in Self.files {
                for format in [file.format, ""] {
                    let reply = try await host.post("/api/classroom/sets/import?format=\(format)", file.body)
                    #expect(reply.status == 201, "\(file.format) \(format): \(reply.error ?? "")")
                    #expect(reply.json["count"] as? Int == file.count && reply.json["skipped"] as? Int == file.skipped, "\(file.format)")
                    let notes = try #require(reply.json["notes"] as? [[String: String]])
                    #expect(notes.count == file.skipped && notes.allSatisfy { $0["name"] != nil && $0["reason"] != nil }, "\(file.format)")
                    let id = try #require(reply.json["id"] as? Int)
                    let set = try await host.get("/api/classroom/sets/\(id)").json
                    // The same bank again is told apart: «… (2)».
                    #expect((set["title"] as? String)?.hasPrefix(file.title) == true, "\(file.format)")
                    guard file.format == "moodle-xml" else { continue }
                    let quiz = try #require((set["quizzes"] as? [[String: Any]])?.first)
                    #expect(quiz["kind"] as? String == "choice")
                    let image = try #require(quiz["image"] as? String)
                    #expect(image.hasPrefix("/api/classroom/images/"))
                    let served = try await anyone.get(image)
                    #expect(served.status == 200 && Array(served.body) == Self.png && served.headers["content-type"] == "image/png")
                    #expect(notes.first?["name"] == "Parejas" && notes.first?["reason"] == "es una pregunta de emparejar: no se puede jugar")
                }
            }
            let titled = try await host.post("/api/classroom/sets/import?title=Mi%20tema&format=gift", try #require(Self.files.first).body)
            #expect(try await host.get("/api/classroom/sets/\(try #require(titled.json["id"] as? Int))").json["title"] as? String == "Mi tema")
        }
    }

    @Test func refusalsSayWhyInSpanish() async throws {
        try await withClassroom { _, host, _ in
            let unknown = try await host.post("/api/classroom/sets/import?format=docx", "x")
            #expect(unknown.status == 400 && unknown.error == "Formato desconocido «docx»: usa uno de quizzes-json, gift, aiken, moodle-xml.")
            let nothing = try await host.post("/api/classroom/sets/import?format=gift", "::Ensayo::Escribe sobre el mar.{}")
            #expect(nothing.status == 400)
            #expect(nothing.error == "El fichero no tiene ninguna pregunta que se pueda jugar. «Ensayo»: es una pregunta de ensayo (respuesta libre larga): no se puede jugar.")
            let doctype = try await host.post("/api/classroom/sets/import", #"<!DOCTYPE quiz SYSTEM "file:///etc/passwd"><quiz/>"#)
            #expect(doctype.status == 400 && doctype.error?.contains("<!DOCTYPE") == true)
            #expect(try await host.get("/api/classroom/sets").body == Data("[]".utf8), "nothing was kept")
        }
    }

    @Test func aSetGoesToMoodleAsGIFTAndXMLAndComesBackTheSame() async throws {
        try await withClassroom { _, host, anyone in
            let set = """
                {"title":"Todo","quizzes":[
                  {"question":"¿Capital de {Francia}?","answer":"París","alternatives":["Paris"],"feedback":"Desde siempre."},
                  {"kind":"choice","question":"¿Primos?","options":[{"text":"2","right":true},{"text":"3","right":true},{"text":"4","right":false}]},
                  {"kind":"truefalse","question":"¿El Sol es una estrella?","answer":true},
                  {"kind":"number","question":"¿Pi?\\n\\nCon dos decimales.","value":3.14,"tolerance":0.01},
                  {"kind":"poll","question":"¿Té o café?","options":[{"text":"Té"},{"text":"Café"}]}]}
                """
            let created = try await host.post("/api/classroom/sets", set)
            let id = try #require(created.json["id"] as? Int, "\(created.error ?? "")")
            let original = try #require(try await host.get("/api/classroom/sets/\(id)").json["quizzes"] as? [[String: Any]])
            for (path, type) in [("export.gift", "text/plain; charset=utf-8"), ("export.xml", "application/xml; charset=utf-8")] {
                let file = try await host.get("/api/classroom/sets/\(id)/\(path)")
                #expect(file.status == 200 && file.headers["content-type"] == type)
                let suffix = path.split(separator: ".").last.map(String.init) ?? ""
                #expect(file.headers["content-disposition"] == "attachment; filename=\"preguntas-\(id).\(suffix)\"")
                #expect(try await anyone.get("/api/classroom/sets/\(id)/\(path)").status == 401)
                let back = try await host.post("/api/classroom/sets/import", String(decoding: file.body, as: UTF8.self))
                #expect(back.status == 201 && back.json["count"] as? Int == 5 && (back.json["notes"] as? [Any])?.isEmpty == true, "\(path): \(back.error ?? "")")
                let copy = try await host.get("/api/classroom/sets/\(try #require(back.json["id"] as? Int))").json
                #expect(["Todo (2)", "Todo (3)"].contains(copy["title"] as? String ?? ""), "the set «Todo» is there already")
                // The same quizzes (a blank line kept), each now with the name and the Moodle
                // category the export gave it.
                let quizzes = try #require(copy["quizzes"] as? [[String: Any]])
                #expect(quizzes.map { $0["category"] as? String } == Array(repeating: "$course$/top/Todo", count: 5), "\(path)")
                #expect(quizzes.map { $0["name"] as? String } == ["¿Capital de {Francia}?", "¿Primos?", "¿El Sol es una estrella?", "¿Pi?", "¿Té o café?"])
                let bare = quizzes.map { $0.filter { $0.key != "name" && $0.key != "category" } }
                #expect(NSArray(array: bare).isEqual(to: original), "\(path): the same quizzes")
            }
            #expect(try await host.get("/api/classroom/sets/999/export.gift").status == 404)
        }
    }
}
