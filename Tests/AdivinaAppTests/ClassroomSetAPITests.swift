import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
import Models

/// The host's quiz sets over HTTP: the contract of `/api/classroom/sets`, import and export of
/// the course's files, a round played from a set, uploaded images, and what students and
/// hostile requests get.
@MainActor
struct ClassroomSetAPITests {
    private static let capitals = """
        {"title":"Capitales","quizzes":[
          {"question":"¿Capital de Francia?","answer":"París","alternatives":["Paris"]},
          {"question":"¿Capital de Italia?","answer":"Roma","image":"/api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"}]}
        """

    private func create(_ host: ClassroomClient, _ body: String = capitals) async throws -> Int {
        let reply = try await host.post("/api/classroom/sets", body)
        #expect(reply.status == 201, "\(reply.error ?? "")")
        return try #require(reply.json["id"] as? Int)
    }

    private func list(_ host: ClassroomClient) async throws -> [[String: Any]] {
        let reply = try await host.get("/api/classroom/sets")
        #expect(reply.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]])
    }

    /// The set's quizzes as JSON text with sorted keys, to compare.
    private func quizzes(of id: Int, _ host: ClassroomClient) async throws -> String {
        let quizzes = try #require(try await host.get("/api/classroom/sets/\(id)").json["quizzes"])
        return String(decoding: try JSONSerialization.data(withJSONObject: quizzes, options: .sortedKeys), as: UTF8.self)
    }

    @Test func aSetOfEveryKindIsKeptExportedAndImportedBack() async throws {
        let kinds = """
            {"title":"Tipos","quizzes":[
              {"question":"¿Capital?","answer":"París"},
              {"kind":"choice","question":"¿Primos?","options":[{"text":"2","right":true},{"text":"4","right":false}]},
              {"kind":"truefalse","question":"¿Estrella?","answer":true},
              {"kind":"number","question":"¿π?","value":3.14,"tolerance":0.01,"feedback":"Casi."},
              {"kind":"poll","question":"¿Té o café?","options":[{"text":"Té"},{"text":"Café"}]}]}
            """
        try await withClassroom { _, host, _ in
            let id = try await create(host, kinds)
            let kept = try await quizzes(of: id, host)
            #expect(kept.contains(#""kind":"choice""#) && kept.contains(#""tolerance":0.01"#) && kept.contains(#""feedback":"Casi.""#))
            let file = try await host.get("/api/classroom/sets/\(id)/quizzes.json")
            let imported = try await host.send("POST", "/api/classroom/sets/import?title=Otra", body: String(decoding: file.body, as: UTF8.self))
            #expect(imported.status == 201 && imported.json["count"] as? Int == 5 && imported.json["skipped"] as? Int == 0)
            let copy = try #require(imported.json["id"] as? Int)
            #expect(try await quizzes(of: copy, host) == kept)
            let bad = try await host.post("/api/classroom/sets", #"{"title":"t","quizzes":[{"kind":"poll","question":"q","options":[{"text":"x"}]}]}"#)
            #expect(bad.status == 400 && bad.error == "Pregunta 1: Hacen falta de 2 a 6 opciones.")
        }
    }

    @Test func theHostListsCreatesReadsUpdatesDuplicatesAndDeletesSets() async throws {
        try await withClassroom { _, host, _ in
            #expect(try await list(host).isEmpty)
            let id = try await create(host)
            let listed = try await list(host)
            #expect(listed.count == 1)
            #expect(listed.first?["id"] as? Int == id && listed.first?["title"] as? String == "Capitales" && listed.first?["count"] as? Int == 2)
            #expect(Set(listed.first?.keys.map { $0 } ?? []) == ["id", "title", "count"])

            let set = try await host.get("/api/classroom/sets/\(id)").json
            #expect(set["title"] as? String == "Capitales")
            let quizzes = try #require(set["quizzes"] as? [[String: Any]])
            #expect(quizzes.first?["alternatives"] as? [String] == ["Paris"])
            #expect(quizzes.last?["image"] as? String == "/api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f")

            let put = try await host.send("PUT", "/api/classroom/sets/\(id)", body: #"{"title":"Europa","quizzes":[{"question":"¿Suiza?","answer":"Berna"}]}"#)
            #expect(put.status == 200 && put.json["id"] as? Int == id)
            #expect(try await host.get("/api/classroom/sets/\(id)").json["title"] as? String == "Europa")

            let copy = try await host.post("/api/classroom/sets/\(id)/duplicate")
            #expect(copy.status == 201)
            let copyID = try #require(copy.json["id"] as? Int)
            #expect(try await host.get("/api/classroom/sets/\(copyID)").json["title"] as? String == "Europa (copia)")

            #expect(try await host.send("DELETE", "/api/classroom/sets/\(id)").status == 200)
            let gone = try await host.get("/api/classroom/sets/\(id)")
            #expect(gone.status == 404 && gone.error == "No hay ningún conjunto de preguntas con id \(id).")
            #expect(try await host.send("DELETE", "/api/classroom/sets/\(id)").status == 404)
            #expect(try await list(host).map { $0["id"] as? Int } == [copyID])
        }
    }

    @Test func importsEachShapeAndExportsAFileThatImportsBackTheSame() async throws {
        try await withClassroom { _, host, _ in
            for file in Fixtures.quizFiles {
                let body = String(decoding: try file.data(), as: UTF8.self)
                let reply = try await host.post("/api/classroom/sets/import?title=\(file.name)", body)
                #expect(reply.status == 201, "\(file.name): \(reply.error ?? "")")
                #expect(reply.json["count"] as? Int == file.count && reply.json["skipped"] as? Int == file.duplicateIDs.count, "\(file.name)")
                let id = try #require(reply.json["id"] as? Int)
                #expect(try await host.get("/api/classroom/sets/\(id)").json["title"] as? String == file.name)

                let export = try await host.get("/api/classroom/sets/\(id)/quizzes.json")
                #expect(export.status == 200)
                #expect(export.headers["content-disposition"] == "attachment; filename=\"quizzes.json\"")
                let again = try await host.post("/api/classroom/sets/import?title=Otra%20vez", String(decoding: export.body, as: UTF8.self))
                #expect(again.json["count"] as? Int == file.count && again.json["skipped"] as? Int == 0)
                let first = try await quizzes(of: id, host)
                let second = try await quizzes(of: try #require(again.json["id"] as? Int), host)
                #expect(first == second, "\(file.name): the same quizzes back")
            }
            let mixed = try await host.post("/api/classroom/sets/import?title=Mezcla", #"[{"id":1,"question":"q","answer":"a"},{"id":2,"question":"q2"},null]"#)
            #expect(mixed.status == 201 && mixed.json["count"] as? Int == 1 && mixed.json["skipped"] as? Int == 2)
            let notAList = try await host.post("/api/classroom/sets/import?title=Nada", #"{"preguntas":[]}"#)
            #expect(notAList.status == 400 && notAList.error == "El fichero no es una lista de preguntas en JSON (quizzes.json).")
            let noTitle = try await host.post("/api/classroom/sets/import", #"[{"id":1,"question":"q","answer":"a"}]"#)
            let untitled = try #require(noTitle.json["id"] as? Int, "\(noTitle.error ?? "")")
            #expect(try await host.get("/api/classroom/sets/\(untitled)").json["title"] as? String == "Preguntas importadas")
        }
    }

    @Test func aQuizzesRoundPlaysTheChosenSetAndJudgesItsAlternatives() async throws {
        try await withClassroom { _, host, anyone in
            let id = try await create(host)
            let (_, ana) = try await anyone.join("Ana")
            #expect(try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 200)
            let picked = try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(id)}"#)
            #expect(picked.status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let chosen = try #require(try await anyone.get("/api/classroom/state").json["set"] as? [String: Any])
            #expect(chosen["id"] as? Int == id && chosen["title"] as? String == "Capitales" && chosen["count"] as? Int == 2)
            let before = try await ana.round()
            #expect(before["phase"] as? String == "unopened" && before["text"] is NSNull, "self-paced: only once opened")
            let opened = try await ana.post("/api/classroom/round/open", #"{"question":1}"#)
            #expect((opened.json["question"] as? [String: Any])?["text"] as? String == "¿Capital de Francia?")
            #expect(!String(decoding: try await ana.get("/api/classroom/round").body, as: UTF8.self).contains("París"), "no answer reaches a player")
            let checked = try await ana.post("/api/classroom/round/answer", #"{"question":1,"answer":" paris "}"#)
            #expect(checked.status == 200 && checked.json["result"] as? Bool == true && checked.json["points"] as? Int == 1, "\(checked.error ?? "")")
            _ = try await ana.post("/api/classroom/round/open", #"{"question":2}"#)
            #expect(try await ana.round()["image"] as? String == "/api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f")
            #expect(try await ana.get("/api/classroom/me").json["score"] as? Int == 1)
            // Changing only the timer keeps the set.
            #expect(try await host.post("/api/classroom/host/end").status == 200)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","seconds":30}"#).status == 200)
            #expect((try await anyone.get("/api/classroom/state").json["set"] as? [String: Any])?["id"] as? Int == id)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":null}"#).status == 200)
            #expect(try await anyone.get("/api/classroom/state").json["set"] is NSNull, "null: the quiz source")

            let trivia = try await host.post("/api/classroom/host/game", #"{"game":"trivia","set":\#(id)}"#)
            #expect(trivia.status == 400 && trivia.error == "Solo una ronda de «quizzes» puede jugar un conjunto de preguntas.")
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":999}"#).status == 404)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":"uno"}"#).status == 400)
        }
    }

    @Test func aSetEditedAfterItWasPickedIsPlayedAsItIsNow() async throws {
        try await withClassroom { _, host, anyone in
            let id = try await create(host)
            let (_, ana) = try await anyone.join("Ana")
            #expect(try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(id)}"#).status == 200)
            let edited = #"{"title":"Capitales","quizzes":[{"question":"¿Capital de Chile?","answer":"Santiago"}]}"#
            #expect(try await host.send("PUT", "/api/classroom/sets/\(id)", body: edited).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            _ = try await ana.post("/api/classroom/round/open", #"{"question":1}"#)
            let view = try await ana.round()
            #expect(view["text"] as? String == "¿Capital de Chile?" && view["total"] as? Int == 1)
        }
    }

    @Test func anUploadedImageIsTypeCheckedKeptAndServedFromTheApp() async throws {
        try await withClassroom { running, host, anyone in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            let uploaded = try await host.post("/api/classroom/images", #"{"data":"\#(Data(png).base64EncodedString())"}"#)
            #expect(uploaded.status == 201, "\(uploaded.error ?? "")")
            let url = try #require(uploaded.json["url"] as? String)
            #expect(url.hasPrefix("/api/classroom/images/"))
            let image = try await anyone.get(url)
            #expect(image.status == 200 && Array(image.body) == png)
            #expect(image.headers["content-type"] == "image/png" && image.headers["x-content-type-options"] == "nosniff")
            #expect(try await anyone.get("/api/classroom/images/" + String(repeating: "0", count: 32)).status == 404)

            let id = try await create(host, #"{"title":"Con foto","quizzes":[{"question":"¿Qué es?","answer":"Un PNG","image":"\#(url)"}]}"#)
            let export = try await host.get("/api/classroom/sets/\(id)/quizzes.json")
            #expect(String(decoding: export.body, as: UTF8.self).contains("\(running.url.absoluteString.dropLast())\(url)"), "an absolute link in the file")

            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8).base64EncodedString()
            let refused = try await host.post("/api/classroom/images", #"{"data":"\#(svg)"}"#)
            #expect(refused.status == 400 && refused.error == "La imagen debe ser PNG, JPEG, GIF o WebP.")
            let notBase64 = try await host.post("/api/classroom/images", #"{"data":"%%%"}"#)
            #expect(notBase64.status == 400 && notBase64.error == "La imagen no está en base64.")
            let big = Data(png + [UInt8](repeating: 0, count: 1_100_000)).base64EncodedString()
            #expect(try await host.post("/api/classroom/images", #"{"data":"\#(big)"}"#).status == 413)
        }
    }

    @Test func studentsAndStrangersGetNothingOfTheSets() async throws {
        try await withClassroom { running, host, anyone in
            let id = try await create(host)
            let (_, student) = try await anyone.join("Ana")
            let wrongKey = ClassroomClient(base: running.url, headers: ["X-Host-Key": "no-es-la-clave"])
            let routes: [(String, String, String?)] = [
                ("GET", "/api/classroom/sets", nil), ("POST", "/api/classroom/sets", Self.capitals),
                ("GET", "/api/classroom/sets/\(id)", nil), ("PUT", "/api/classroom/sets/\(id)", Self.capitals),
                ("DELETE", "/api/classroom/sets/\(id)", nil), ("POST", "/api/classroom/sets/\(id)/duplicate", nil),
                ("POST", "/api/classroom/sets/import?title=x", #"[{"id":1,"question":"q","answer":"a"}]"#),
                ("GET", "/api/classroom/sets/\(id)/quizzes.json", nil), ("POST", "/api/classroom/images", #"{"data":"AA=="}"#),
            ]
            for (method, path, body) in routes {
                #expect(try await student.send(method, path, body: body).status == 401, "student: \(method) \(path)")
                #expect(try await anyone.send(method, path, body: body).status == 401, "anyone: \(method) \(path)")
                let wrong = try await wrongKey.send(method, path, body: body)
                #expect(wrong.status == 403 && wrong.error == "La clave de anfitrión no es correcta.", "wrong key: \(method) \(path)")
            }
            #expect(try await list(host).count == 1, "nothing changed")
            #expect(try await host.get("/api/classroom/sets/\(id)").json["title"] as? String == "Capitales")
        }
    }

    @Test func hostileInputIsRefusedInSpanish() async throws {
        try await withClassroom { running, host, _ in
            let cases: [(String, String, String?, Int, String?)] = [
                ("POST", "/api/classroom/sets", "{no es json", 400, "El cuerpo de la petición no es JSON válido."),
                ("POST", "/api/classroom/sets", #"{"title":"t"}"#, 400, "Falta el campo «quizzes»."),
                ("POST", "/api/classroom/sets", #"{"title":5,"quizzes":[]}"#, 400, "El campo «title» tiene un tipo incorrecto."),
                ("POST", "/api/classroom/sets", #"{"title":"  ","quizzes":[{"question":"q","answer":"a"}]}"#, 400, "Falta el título."),
                ("POST", "/api/classroom/sets", #"{"title":"t","quizzes":[]}"#, 400, "El conjunto necesita al menos una pregunta."),
                ("POST", "/api/classroom/sets", #"{"title":"t","quizzes":[{"question":"q","answer":"a","image":"javascript:alert(1)"}]}"#, 400,
                 "Pregunta 1: " + SetQuiz.outsideImageMessage),
                // Issue 36: an image on another site never shows on the class's pages: upload it.
                ("POST", "/api/classroom/sets", #"{"title":"t","quizzes":[{"question":"q","answer":"a","image":"https://ejemplo.es/roma.jpg"}]}"#, 400,
                 "Pregunta 1: " + SetQuiz.outsideImageMessage),
                ("PUT", "/api/classroom/sets/abc", Self.capitals, 400, "«abc» no es un identificador válido."),
                ("PUT", "/api/classroom/sets/999", Self.capitals, 404, "No hay ningún conjunto de preguntas con id 999."),
                ("POST", "/api/classroom/sets/999/duplicate", nil, 404, nil),
                ("GET", "/api/classroom/sets/999/quizzes.json", nil, 404, nil),
                ("PATCH", "/api/classroom/sets/1", Self.capitals, 405, nil),
            ]
            for (method, path, body, status, message) in cases {
                let reply = try await host.send(method, path, body: body)
                #expect(reply.status == status, "\(method) \(path) \(body ?? ""): \(reply.error ?? "")")
                if let message { #expect(reply.error == message, "\(method) \(path)") }
            }
            let many = (1...201).map { _ in #"{"question":"q","answer":"a"}"# }.joined(separator: ",")
            let tooMany = try await host.post("/api/classroom/sets", #"{"title":"t","quizzes":[\#(many)]}"#)
            #expect(tooMany.status == 400 && tooMany.error == "Un conjunto tiene como mucho 200 preguntas.")
            let huge = #"{"title":"t","quizzes":[{"question":"\#(String(repeating: "q", count: 1_100_000))","answer":"a"}]}"#
            #expect(try await host.post("/api/classroom/sets", huge).status == 413)
            #expect(try await host.post("/api/classroom/sets/import?title=t", "[" + String(repeating: " ", count: 2_200_000) + "]").status == 413)
            // A set's JSON must be JSON; a bank is a file of its own type (ClassroomSetImportMoodleTests).
            let asText = ClassroomClient(base: running.url, headers: host.headers.merging(["Content-Type": "text/plain"]) { $1 })
            #expect(try await asText.post("/api/classroom/sets", Self.capitals).status == 415)
            let otherSite = ClassroomClient(base: running.url, headers: host.headers.merging(["Origin": "http://malo.example"]) { $1 })
            #expect(try await otherSite.post("/api/classroom/sets", Self.capitals).status == 403)
            #expect(try await otherSite.post("/api/classroom/sets/import?title=t", "::Q::¿Sí?{T}").status == 403)
            #expect(try await list(host).isEmpty, "nothing was kept")
        }
    }
}
