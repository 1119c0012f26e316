import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// The attacks on a class, run as a student in the room would run them (curl and a short script,
/// no host key), each against the real server: none of them works.
@MainActor
struct ClassroomIntegrityTests {
    private func quizIDs(_ state: [String: Any]) -> [Int] {
        (state["quizzes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    /// 1. The answer oracle: the one-at-a-time quiz and the list would judge any guess of the
    /// round's catalogue; in a class every answer route but the round's is closed.
    @Test func theOneAtATimeQuizIsNoOracleInARound() async throws {
        try await withClassroom { running, host, anyone in
            let ana = try await anyone.joined("Ana")
            _ = try await host.post("/api/classroom/host/game", #"{"game":"quizzes"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            for _ in 0..<5 {
                let next = try await ana.post("/api/quiz/next")
                #expect(next.status == 403 && next.error == RouteAccess.onlyTheRoundReason)
            }
            for id in 11...15 {
                #expect(try await ana.post("/api/quiz/\(id)/check", #"{"answer":"1"}"#).status == 403)
                #expect(try await ana.post("/api/quizzes/\(id)/check", #"{"answer":"1"}"#).status == 403)
            }
            let outside = try await ana.post("/api/classroom/round/answer", #"{"question":11,"answer":"1"}"#)
            #expect(outside.status == 400 && outside.error == "La ronda no tiene pregunta 11.")
            #expect(try await ana.get("/api/classroom/me").json["answered"] as? [Int] == [], "nothing was judged")
        }
    }

    /// 5. Look-alike and broken names are refused; the teacher can tell every name apart.
    @Test func lookAlikeAndBrokenNamesAreRefused() async throws {
        try await withClassroom { _, _, anyone in
            _ = try await anyone.joined("Ana")
            for name in ["\u{0410}na", "Ana\u{034F}", "Ana\u{200B}", "An\u{0430}", "ANÁ", "Ａｎａ"] {
                let (reply, _) = try await anyone.join(name)
                #expect(reply.status == 409 || reply.status == 400, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            for name in ["\u{3164}", "\u{2800}\u{2800}", "🦊", "a\u{0301}\u{0302}\u{0303}\u{0304}", String(repeating: "e\u{0301}\u{0302}\u{0303}", count: 20)] {
                let (reply, _) = try await anyone.join(name)
                #expect(reply.status == 400, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            let state = try await anyone.get("/api/classroom/state").json
            #expect((state["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Ana"])
            #expect(try await anyone.join("Ana 🦊").0.status == 201, "emoji beside letters are fine")
        }
    }

    /// 6. A page on another site can't make its visitor join (or act) under a name it picks.
    @Test func anotherSiteCannotActForItsVisitor() async throws {
        try await withClassroom { running, _, _ in
            let port = try #require(running.url.port)
            let evil = ClassroomClient(base: running.url, headers: ["Origin": "http://evil.example"])
            let crossSite = try await evil.join("Títere").0
            #expect(crossSite.status == 403 && crossSite.error == "Esta acción solo se puede hacer desde las páginas de Adivina.")
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let form = ClassroomClient(base: running.url, headers: ["Content-Type": type])
                #expect(try await form.join("Títere").0.status == 415, "\(type)")
            }
            let nullOrigin = ClassroomClient(base: running.url, headers: ["Origin": "null"])
            #expect(try await nullOrigin.join("Títere").0.status == 403)
            let own = ClassroomClient(base: running.url, headers: ["Origin": "http://127.0.0.1:\(port)"])
            let (joined, player) = try await own.join("Ana")
            #expect(joined.status == 201, "the app's own pages send their own origin")
            let hijacked = ClassroomClient(base: running.url, cookie: player.cookie, headers: ["Origin": "https://evil.example"])
            #expect(try await hijacked.post("/api/classroom/round/answer", #"{"question":1,"answer":0}"#).status == 403,
                    "a player's cookie rides along cross-site, but the action is refused")
            #expect(try await hijacked.get("/api/classroom/me").status == 200, "reading is not an action")
        }
    }

    /// 3 (the ranking). Names that joined and never answered don't fill the permanent ranking,
    /// and the host decides at the end whether a round's scores go in at all.
    @Test func onlyPlayersWhoAnsweredReachTheRankingAndOnlyIfTheHostSaysSo() async throws {
        try await withClassroom { running, host, anyone in
            let ana = try await anyone.joined("Ana")
            for bot in 1...5 { _ = try await anyone.joined("Bot \(bot)") }
            _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await ana.answer(1, [0]).status == 200)
            #expect(try await host.post("/api/classroom/host/end").status == 200)
            #expect(running.app.shared.ranking.entries.map(\.name) == ["Ana"], "the bots never answered")

            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await ana.answer(1, [0]).status == 200)
            #expect(try await host.post("/api/classroom/host/end", #"{"saveToRanking":false}"#).status == 200)
            #expect(running.app.shared.ranking.entries.count == 1, "the host kept this round out of the ranking")
        }
    }

    /// 3 (locking). The host closes the room: a script can't take the places the host frees.
    @Test func aClosedRoomTakesNobodyNew() async throws {
        try await withClassroom { _, host, anyone in
            let bot = try await anyone.joined("Bot")
            #expect(try await host.send("PUT", "/api/classroom/host/lock", body: #"{"locked":true}"#).json["locked"] as? Bool == true)
            #expect(try await anyone.get("/api/classroom/state").json["locked"] as? Bool == true)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/1").status == 200)
            for name in ["Bot", "Bot 2", "Ana"] {
                let (reply, _) = try await anyone.join(name)
                #expect(reply.status == 403 && reply.error == "La clase está cerrada: el profesor no deja entrar a nadie más.")
            }
            #expect(try await bot.send("PUT", "/api/classroom/host/lock", body: #"{"locked":false}"#).status == 401, "only the host")
            #expect(try await host.send("PUT", "/api/classroom/host/lock", body: #"{"locked":false}"#).status == 200)
            #expect(try await anyone.join("Ana").0.status == 201)
        }
    }

    /// 4. A second account answers first: it learns it was wrong, never which answer is right,
    /// and its view holds on question 1 while the room is there; the answer shows when the
    /// host closes the question.
    @Test func aSecondAccountLearnsNoAnswerAndSeesNoQuestionAhead() async throws {
        try await withClassroom { _, host, anyone in
            let ana = try await anyone.joined("Ana")
            let bot = try await anyone.joined("Ana 2")
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let question = try await ana.round()
            #expect(question["phase"] as? String == "question" && (question["options"] as? [String])?.count == 4)
            let reply = try await bot.answer(1, [0])
            #expect(reply.status == 200 && reply.json["status"] as? String == "recibida" && reply.json["result"] is NSNull
                && reply.json["points"] is NSNull, "host-paced: «recibida», nothing more")
            let held = try await bot.round()
            #expect(held["question"] as? Int == 1 && held["answered"] as? Bool == true && held["verdict"] is NSNull)
            #expect(held["text"] as? String == question["text"] as? String, "the room is on question 1: the bot sees no question 2")
            #expect(!String(decoding: try await bot.get("/api/classroom/state").body, as: UTF8.self).contains("\"right\":true"))
            #expect(try await bot.answer(1, [1]).status == 409, "one answer per question")
            #expect(try await host.post("/api/classroom/host/next").status == 200)
            let closed = try await anyone.get("/api/classroom/state").json
            let chart = try #require(closed["chart"] as? [String: Any])
            #expect((chart["options"] as? [[String: Any]])?.contains { $0["right"] as? Bool == true } == true, "question 1 closed: its answer shows")
            let shown = try await bot.round()
            #expect(shown["question"] as? Int == 1 && shown["phase"] as? String == "closed", "the answer first")
            #expect(try await host.post("/api/classroom/host/next").status == 200)
            #expect(try await bot.round()["question"] as? Int == 2)
        }
    }

    /// A student's device behind the trusted proxy (nginx on the teacher's laptop adds the
    /// address it saw to `X-Forwarded-For`).
    private func device(_ address: String, _ running: RunningApp) -> ClassroomClient {
        ClassroomClient(base: running.url, headers: ["X-Forwarded-For": address])
    }

    /// 3 (joining). Forty joins from one address: one gets in (one device, one player: issue
    /// 36), the next few are told so (409), the rest get 429 (every attempt counts); another
    /// device still joins; a forged `X-Forwarded-For` counts only from the trusted proxy.
    @Test func fortyJoinsFromOneAddressAreCut() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, _, _ in
            let script = device("10.0.0.66", running)
            var replies: [RunningApp.Reply] = []
            let started = ContinuousClock.now
            for index in 1...41 { replies.append(try await script.join("Bot \(index)").0) }
            // The bucket refills one join every 12 s: a machine so loaded that the joins took
            // longer has given that many more (seen under the full suite run three times).
            let elapsed = (ContinuousClock.now - started).components.seconds
            let burst = Int(ClassroomSession.joinRate.burst)
            let refilled = Int(Double(elapsed + 1) * ClassroomSession.joinRate.perSecond)
            let statuses = replies.map(\.status)
            #expect(statuses.first == 201 && statuses.prefix(burst).dropFirst().allSatisfy { $0 == 409 })
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect((burst...burst + refilled).contains(statuses.filter { $0 != 429 }.count), "\(statuses) in \(elapsed) s")
            #expect(replies.last { $0.status == 429 }?.error == "Demasiados intentos de entrar desde este dispositivo: espera un minuto.")
            #expect(try await device("10.0.0.7", running).join("Ana").0.status == 201, "another device is not held up")
        }
        try await withClassroom(["--trust-proxy", "10.9.9.9"]) { running, _, _ in
            // Not from the trusted proxy: the forged header is ignored, and loopback is the
            // teacher's machine, never limited.
            let forged = device("10.0.0.66", running)
            for index in 1...8 {
                let (reply, _) = try await forged.join("Alumno \(index)")
                #expect(reply.status == 201)
            }
        }
    }

    /// 3 (banning). The host removes a player and bans their device for the round: they can't
    /// come back under another name until the round ends; other devices can.
    @Test func aBannedDeviceStaysOutUntilTheRoundEnds() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, host, _ in
            let phone = device("10.0.0.66", running)
            let (joined, _) = try await phone.join("Bot")
            let id = try #require(joined.json["id"] as? Int)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(id)?ban=true").status == 200)
            let back = try await phone.join("Otro nombre").0
            #expect(back.status == 403 && back.error == "El profesor te ha sacado de la clase: no puedes volver a entrar en esta ronda.")
            #expect(try await device("10.0.0.7", running).join("Ana").0.status == 201)
            #expect(try await host.post("/api/classroom/host/end", #"{"saveToRanking":false}"#).status == 200)
            #expect(try await phone.join("Otro nombre").0.status == 201, "the ban lasts for the round")
        }
    }

    /// 6 (removal). Removing a player closes their open event streams at once, the
    /// leaderboard-only one too: they receive nothing more of the room.
    @Test func aRemovedPlayersStreamsEnd() async throws {
        try await withClassroom { running, host, anyone in
            let bot = try await anyone.joined("Bot")
            let id = try #require(try await bot.get("/api/classroom/me").json["id"] as? Int)
            let streams = try ["round,classroom", "classroom"].map { topics in
                try EventStreamReader(url: try #require(URL(string: "api/events?topics=\(topics)", relativeTo: running.url)), cookie: bot.cookie)
            }
            defer { for stream in streams { stream.close() } }
            for stream in streams { #expect(try await stream.event(named: "classroom") != nil) }
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(id)").status == 200)
            #expect(await eventually { streams.allSatisfy { !$0.isOpen } }, "both streams closed by the server")
            #expect(try await bot.get("/api/events?topics=round").status == 401, "and can't be opened again")
        }
    }

    /// 6 (streams). One device may hold a generous number of event streams; past it, 429;
    /// closing one frees a place.
    @Test func oneDeviceCannotOpenEndlessStreams() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, _, _ in
            let url = try #require(URL(string: "api/events?topics=classroom", relativeTo: running.url))
            let streams = try (0..<ClassroomSession.streamsPerClient).map { _ in
                try EventStreamReader(url: url, headers: ["X-Forwarded-For": "10.0.0.66"])
            }
            defer { for stream in streams { stream.close() } }
            for stream in streams { #expect(try await stream.event(named: "classroom") != nil) }
            let over = try await device("10.0.0.66", running).get("/api/events?topics=classroom")
            #expect(over.status == 429 && over.error == "Hay demasiadas conexiones abiertas desde este dispositivo: cierra alguna pestaña.")
            let other = try EventStreamReader(url: url, headers: ["X-Forwarded-For": "10.0.0.7"])
            defer { other.close() }
            #expect(try await other.event(named: "classroom") != nil, "another device is not held up")
            streams.first?.close()
            let counter = Topic.client("10.0.0.66")
            #expect(await eventually { running.app.hub.subscriberCount(of: counter) == ClassroomSession.streamsPerClient - 1 })
            let again = try EventStreamReader(url: url, headers: ["X-Forwarded-For": "10.0.0.66"])
            defer { again.close() }
            #expect(try await again.event(named: "classroom") != nil, "a closed tab frees its place")
        }
    }

    /// Issue 36, point 7. A second player from a device whose player is still in the class (a
    /// throwaway to learn the answers for the first) is refused, whatever cookies it sends; the
    /// rejoin code still moves a player to a new device, the host's release frees the device,
    /// and the teacher's machine (loopback) is not limited.
    @Test func oneDeviceHoldsOnePlayer() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, host, anyone in
            let phone = device("10.0.0.66", running)
            let ana = try await phone.joined("Ana")
            let (second, _) = try await phone.join("Tirar")
            #expect(second.status == 409, "\(second.status)")
            #expect(second.error == "Este dispositivo ya está en la clase como «Ana»: un dispositivo, un jugador. Vuelve con ese nombre, o pide al profesor que lo libere.")
            #expect(try await device("10.0.0.7", running).join("Bea").0.status == 201, "another device joins")
            for name in ["Profe", "Proyector"] { #expect(try await anyone.join(name).0.status == 201, "loopback") }

            // Ana moves to a new device with her code: the old one is free for a new player.
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let code = try #require(try await ana.round()["rejoinCode"] as? String)
            let tablet = device("10.0.0.8", running)
            let moved = try await tablet.post("/api/classroom/rejoin", try ClassroomClient.json(["name": "Ana", "code": code]))
            #expect(moved.status == 200)
            #expect(try await tablet.join("Otra").0.status == 409, "the new device holds Ana now")
            #expect(try await phone.join("Carla").0.status == 201, "the old device is free")

            // The host releases Carla's name: her device may join as someone else.
            let carla = try #require(try await ClassroomClient(base: running.url).get("/api/classroom/state").json["players"] as? [[String: Any]])
                .first { $0["name"] as? String == "Carla" }?["id"] as? Int
            let id = try #require(carla)
            #expect(try await phone.join("Dani").0.status == 409)
            #expect(try await host.post("/api/classroom/host/players/\(id)/release").status == 200)
            #expect(try await phone.join("Dani").0.status == 201)
        }
    }
}
