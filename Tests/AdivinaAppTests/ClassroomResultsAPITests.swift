import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// The rounds' results over HTTP: a round of three players played through the API, then the
/// list, one round's figures, the CSV parsed back, and what students and wrong keys get.
@MainActor
struct ClassroomResultsAPITests {
    private static let set = """
        {"title":"Capitales","quizzes":[
          {"question":"¿Capital de Francia?","answer":"París","alternatives":["Paris"]},
          {"question":"Di \\"hola\\", por favor","answer":"hola"},
          {"question":"¿Capital de Italia?","answer":"Roma"}]}
        """

    /// Plays a self-paced round of `set` with Ana (2 right of 3), Bea (2 wrong, 1 unanswered) and
    /// «=Carla» (1 wrong); returns the set's id.
    private func playRound(_ host: ClassroomClient, _ anyone: ClassroomClient) async throws -> Int {
        let created = try await host.post("/api/classroom/sets", Self.set)
        let setID = try #require(created.json["id"] as? Int)
        let players = try await anyone.joined(["Ana", "Bea", "=Carla"])
        #expect(try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 200)
        #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID)}"#).status == 200)
        #expect(try await host.post("/api/classroom/host/start").status == 200)
        let answers: [(Int, Int, String, Bool)] = [
            (0, 0, " paris ", true), (0, 1, "hola", true), (0, 2, "Milán", false),
            (1, 0, "Lyon", false), (1, 1, "HOLA, amigos", false),
            (2, 0, "lyon ", false),
        ]
        for (player, question, text, right) in answers {
            let checked = try await players[player].answer(question + 1, text)
            #expect(checked.status == 200 && checked.json["result"] as? Bool == right, "\(checked.error ?? "")")
        }
        #expect(try await host.post("/api/classroom/host/end").status == 200)
        return setID
    }

    @Test func theHostListsRoundsAndReadsOneRoundsFigures() async throws {
        try await withClassroom { _, host, anyone in
            #expect(try await host.get("/api/classroom/rounds").body == Data("[]".utf8))
            let setID = try await playRound(host, anyone)

            let list = try #require(try JSONSerialization.jsonObject(with: try await host.get("/api/classroom/rounds").body) as? [[String: Any]])
            try #require(list.count == 1)
            let round = try #require(list.first)
            #expect(Set(round.keys) == ["id", "game", "set", "setTitle", "startedAt", "endedAt", "players", "interrupted"])
            #expect(round["interrupted"] as? Bool == false, "an ended round was not interrupted")
            #expect(round["setTitle"] as? String != nil, "the set's title")
            #expect(round["game"] as? String == "quizzes" && round["set"] as? Int == setID && round["players"] as? Int == 3)
            let iso = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            let started = try iso.parse(try #require(round["startedAt"] as? String))
            let ended = try iso.parse(try #require(round["endedAt"] as? String))
            #expect(started <= ended && abs(started.timeIntervalSinceNow) < 60)
            let id = try #require(round["id"] as? Int)

            let report = try await host.get("/api/classroom/rounds/\(id)")
            #expect(report.status == 200)
            let questions = try #require(report.json["questions"] as? [[String: Any]])
            #expect(questions.map { $0["question"] as? String } == ["¿Capital de Francia?", "Di \"hola\", por favor", "¿Capital de Italia?"])
            #expect(questions.map { $0["percentRight"] as? Int } == [33, 33, 0])
            #expect(questions.map { $0["answered"] as? Int } == [3, 2, 1])
            let wrong = try #require(questions.first?["wrongAnswers"] as? [[String: Any]])
            #expect(wrong.count == 1 && wrong.first?["text"] as? String == "Lyon" && wrong.first?["count"] as? Int == 2)
            let players = try #require(report.json["players"] as? [[String: Any]])
            #expect(players.map { $0["name"] as? String } == ["Ana", "=Carla", "Bea"])
            #expect(players.map { $0["right"] as? Int } == [2, 0, 0])
            #expect(players.map { $0["points"] as? Int } == [2, 0, 0])
            #expect((report.json["round"] as? [String: Any])?["id"] as? Int == id)

            #expect(try await host.get("/api/classroom/rounds/999").status == 404)
            #expect(try await host.get("/api/classroom/rounds/uno").status == 400)
            #expect(try await host.get("/api/classroom/rounds/999/results.csv").status == 404)
        }
    }

    @Test func theCSVHasABOMOneRowPerPlayerAndQuestionAndParsesBack() async throws {
        try await withClassroom { running, host, anyone in
            _ = try await playRound(host, anyone)
            // The host cookie works as well as the header.
            let login = try await anyone.post("/api/classroom/host/login", try ClassroomClient.json(["key": try #require(running.app.hostKey)]))
            let cookie = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
            let browser = ClassroomClient(base: running.url, cookie: cookie)
            let id = try #require((try JSONSerialization.jsonObject(with: try await browser.get("/api/classroom/rounds").body) as? [[String: Any]])?.first?["id"] as? Int)

            let csv = try await browser.get("/api/classroom/rounds/\(id)/results.csv")
            #expect(csv.status == 200)
            #expect(csv.headers["content-type"] == "text/csv; charset=utf-8")
            #expect(csv.headers["content-disposition"] == "attachment; filename=\"resultados-ronda-\(id).csv\"")
            #expect(Array(csv.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let rows = try CSV.parse(String(decoding: csv.body.dropFirst(3), as: UTF8.self))
            #expect(rows.first == ["jugador", "pregunta", "respuesta", "correcta", "segundos", "puntos"])
            #expect(rows.count == 1 + 3 * 3, "every player and question, unanswered included")
            let body = rows.dropFirst()
            #expect(body.map { $0.count } == Array(repeating: 6, count: 9))
            #expect(body.map { $0[0] } == ["'=Carla", "'=Carla", "'=Carla", "Ana", "Ana", "Ana", "Bea", "Bea", "Bea"])
            #expect(body.filter { $0[0] == "Ana" }.map { Array($0[1...3]) } == [
                ["¿Capital de Francia?", "paris", "sí"], ["Di \"hola\", por favor", "hola", "sí"], ["¿Capital de Italia?", "Milán", "no"],
            ])
            let unanswered = try #require(body.first { $0[0] == "Bea" && $0[1] == "¿Capital de Italia?" })
            #expect(Array(unanswered[2...]) == ["", "no", "", "0"])
            #expect(body.first { $0[0] == "Bea" && $0[1].hasPrefix("Di") }?[2] == "HOLA, amigos")
            for row in body where !row[2].isEmpty {
                #expect(Double(row[4]) != nil, "an answer has its seconds: \(row)")
            }
            let raw = String(decoding: csv.body.dropFirst(3), as: UTF8.self)
            #expect(raw.contains("\"Di \"\"hola\"\", por favor\"") && raw.hasSuffix("\r\n"))
        }
    }

    @Test(.enabled(if: LibreOffice.program != nil, LibreOffice.missing))
    func theWorkbookOpensInLibreOfficeWithTheReportAndEveryAnswer() async throws {
        try await withClassroom { _, host, anyone in
            let setID = try await playRound(host, anyone)
            let id = try #require((try JSONSerialization.jsonObject(with: try await host.get("/api/classroom/rounds").body) as? [[String: Any]])?.first?["id"] as? Int)
            #expect(try await host.get("/api/classroom/rounds/999/results.xlsx").status == 404)
            // The set changes after the round: its first question, same text, becomes true or
            // false. The workbook says what was asked, as the round recorded it.
            let edited = """
                {"title":"Capitales","quizzes":[{"kind":"truefalse","question":"¿Capital de Francia?","answer":true}]}
                """
            #expect(try await host.send("PUT", "/api/classroom/sets/\(setID)", body: edited).status == 200)
            let xlsx = try await host.get("/api/classroom/rounds/\(id)/results.xlsx")
            // Deleted, the set leaves the workbook as it was.
            #expect(try await host.send("DELETE", "/api/classroom/sets/\(setID)").status == 200)
            #expect(try await host.get("/api/classroom/rounds/\(id)/results.xlsx").body == xlsx.body)
            #expect(xlsx.status == 200)
            #expect(xlsx.headers["content-type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            #expect(xlsx.headers["content-disposition"] == "attachment; filename=\"resultados-ronda-\(id).xlsx\"")
            let sheets = try await LibreOffice.sheets(ofXLSX: Array(xlsx.body))

            let players = try #require(try await host.get("/api/classroom/rounds/\(id)").json["players"] as? [[String: Any]])
            let summary = try #require(sheets["Resumen"])
            #expect(summary.first == ["puesto", "jugador", "aciertos", "respondidas", "puntos"])
            #expect(Array(summary.dropFirst()) == [["1", "Ana", "2", "3", "2"], ["2", "=Carla", "0", "1", "0"], ["2", "Bea", "0", "2", "0"]])
            #expect(summary.dropFirst().map { $0[1] } == players.compactMap { $0["name"] as? String })

            // Every cell of Respuestas is the CSV's, with the question's number and kind beside it.
            let csv = try CSV.parse(String(decoding: try await host.get("/api/classroom/rounds/\(id)/results.csv").body.dropFirst(3), as: UTF8.self))
            let answers = try #require(sheets["Respuestas"])
            #expect(answers.first == [
                "jugador", "número", "pregunta", "tipo", "opciones", "solución", "respuesta", "correcta", "segundos", "puntos",
            ])
            #expect(answers.count == csv.count)
            let solutions = ["¿Capital de Francia?": "París · Paris", "Di \"hola\", por favor": "hola", "¿Capital de Italia?": "Roma"]
            for (row, line) in zip(answers.dropFirst(), csv.dropFirst()) {
                #expect(row.count == 10)
                #expect(row[0] == line[0].replacingOccurrences(of: "'=", with: "="), "a name is text, never a formula")
                #expect([row[2], row[6], row[7], row[9]] == [line[1], line[2], line[3], line[5]])
                #expect([row[3], row[4], row[5]] == ["respuesta escrita", "", solutions[row[2]] ?? "?"], "as asked: \(row)")
                #expect(row[8] == line[4].replacingOccurrences(of: ".", with: ","), "seconds with the Spanish decimal comma")
            }
            #expect(answers.dropFirst().map { $0[1] } == ["1", "2", "3", "1", "2", "3", "1", "2", "3"])
        }
    }

    @Test func aTimedRoundKeepsEachAnswersSecondsAndSpeedPoints() async throws {
        try await withClassroom { _, host, anyone in
            let setID = try #require(try await host.post("/api/classroom/sets", Self.set).json["id"] as? Int)
            let (_, ana) = try await anyone.join("Ana")
            let picked = try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID),"seconds":20,"speedPoints":true}"#)
            #expect(picked.status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await ana.answer(1, "París").json["status"] as? String == "recibida")
            #expect((try await ana.round()["verdict"] as? [String: Any])?["right"] as? Bool == true, "the only player: it closed")
            let score = try #require(try await ana.get("/api/classroom/me").json["score"] as? Int)
            #expect((500...1000).contains(score), "speed points: \(score)")
            #expect(try await host.post("/api/classroom/host/end").status == 200)

            let id = try #require((try JSONSerialization.jsonObject(with: try await host.get("/api/classroom/rounds").body) as? [[String: Any]])?.first?["id"] as? Int)
            let players = try #require(try await host.get("/api/classroom/rounds/\(id)").json["players"] as? [[String: Any]])
            #expect(players.first?["points"] as? Int == score && players.first?["right"] as? Int == 1)
            let rows = try CSV.parse(String(decoding: try await host.get("/api/classroom/rounds/\(id)/results.csv").body.dropFirst(3), as: UTF8.self))
            let answered = try #require(rows.first { $0.first == "Ana" && $0[1] == "¿Capital de Francia?" })
            let seconds = try #require(Double(answered[4]))
            #expect(seconds >= 0 && seconds < 20)
            #expect(answered[5] == String(score))
        }
    }

    @Test func eachPlayerCountsTheQuestionsAskedWhileTheyWereInTheClass() async throws {
        try await withClassroom { _, host, anyone in
            let setID = try #require(try await host.post("/api/classroom/sets", Self.set).json["id"] as? Int)
            let (_, ana) = try await anyone.join("Ana")
            _ = try await anyone.join("Cris")  // never answers: the questions wait for the host
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID)}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await ana.answer(1, "París").json["status"] as? String == "recibida")
            #expect(try await host.post("/api/classroom/host/next").json["shows"] as? String == "answer")
            #expect(try await host.post("/api/classroom/host/next").json["shows"] as? String == "question")
            let (_, bea) = try await anyone.join("Bea")  // late: question 2 is open
            #expect(try await bea.answer(2, "hola").json["status"] as? String == "recibida")
            #expect(try await bea.round()["asked"] as? Int == 1, "her phone says «… de 1»")
            #expect(try await host.post("/api/classroom/host/end").status == 200)  // question 3 never shown

            let id = try #require((try JSONSerialization.jsonObject(with: try await host.get("/api/classroom/rounds").body) as? [[String: Any]])?.first?["id"] as? Int)
            let players = try #require(try await host.get("/api/classroom/rounds/\(id)").json["players"] as? [[String: Any]])
            #expect(players.map { $0["name"] as? String } == ["Ana", "Bea", "Cris"])
            #expect(players.map { $0["asked"] as? Int } == [2, 1, 2], "as their phones counted, not the round's 3")
        }
    }

    @Test func studentsAndWrongKeysGetNothingOfTheResults() async throws {
        try await withClassroom { running, host, anyone in
            _ = try await playRound(host, anyone)
            let (_, student) = try await anyone.join("Dani")
            let wrongKey = ClassroomClient(base: running.url, headers: ["X-Host-Key": "no-es-la-clave"])
            for path in [
                "/api/classroom/rounds", "/api/classroom/rounds/1", "/api/classroom/rounds/1/results.csv",
                "/api/classroom/rounds/1/results.xlsx",
            ] {
                #expect(try await student.get(path).status == 401, "student: \(path)")
                #expect(try await anyone.get(path).status == 401, "anyone: \(path)")
                let wrong = try await wrongKey.get(path)
                #expect(wrong.status == 403 && wrong.error == "La clave de anfitrión no es correcta.", "wrong key: \(path)")
                #expect(!String(decoding: wrong.body, as: UTF8.self).contains("Lyon"))
            }
            #expect(try await host.get("/api/classroom/rounds/1").status == 200)
        }
    }
}

/// An RFC 4180 reader for the tests: quoted fields with doubled quotes, CRLF line ends.
private enum CSV {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { field.unicodeScalars.append(scalars.removeFirst()) } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                guard field.isEmpty else { throw Malformed() }
                quoted = true
            } else if scalar == "," {
                row.append(field)
                field = ""
            } else if scalar == "\r" {
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else if scalar == "\n" {
                throw Malformed()
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted, row.isEmpty, field.isEmpty else { throw Malformed() }
        return rows
    }
}
