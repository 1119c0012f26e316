import Foundation
import Testing
import Models
import QRCode
import Synchronization
import TestSupport
@testable import AdivinaApp

/// The classroom mode through the real server: joining with cookies, the host's key, whole
/// rounds of trivia and quizzes, many players at once, the live leaderboard, and what a
/// player may never see.
@MainActor
struct ClassroomAPITests {
    private func state(_ client: ClassroomClient) async throws -> [String: Any] {
        try await client.get("/api/classroom/state").json
    }

    private func rows(_ state: [String: Any]) -> [[String: Any]] { state["players"] as? [[String: Any]] ?? [] }

    /// Each player's score by name; a row without a name or a score fails the test.
    private func scores(_ state: [String: Any]) throws -> [String: Int] {
        var scores: [String: Int] = [:]
        for row in rows(state) {
            scores[try #require(row["name"] as? String)] = try #require(row["score"] as? Int)
        }
        return scores
    }

    @Test func joiningSetsAnHttpOnlyStrictCookieAndNamesAreUnique() async throws {
        try await withClassroom { running, _, anyone in
            let (reply, ana) = try await anyone.join("  Ana ")
            #expect(reply.status == 201)
            #expect(reply.json["name"] as? String == "Ana")
            let cookie = reply.headers["set-cookie"] ?? ""
            #expect(cookie.hasPrefix("adivina_player=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await anyone.join("ANA").0.status == 409)
            #expect(try await anyone.join("<script>x</script>").0.json["name"] as? String == "<script>x</script>")
            #expect(try await ana.join("Otra").0.status == 409, "one browser, one player")
            let me = try await ana.get("/api/classroom/me")
            #expect(me.json["name"] as? String == "Ana" && me.json["score"] as? Int == 0)
            #expect(try await anyone.get("/api/classroom/me").status == 401)
            #expect(try await anyone.get("/api/classroom/info").json["joinURL"] as? String == "\(running.url)clase/")
        }
    }

    /// The `Set-Cookie` headers of `reply` by cookie name (URLSession joins them with ", ";
    /// none of ours holds a comma).
    private func setCookies(_ reply: RunningApp.Reply) -> [String: String] {
        let headers = (reply.headers["set-cookie"] ?? "").components(separatedBy: ", ").filter { !$0.isEmpty }
        return Dictionary(headers.map { (String($0.prefix { $0 != "=" }), $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aMarkerCookieTellsThePagesToAskAndGoesWhenThePlayerDoes() async throws {
        try await withClassroom { running, host, anyone in
            let (joined, ana) = try await anyone.join("Ana")
            let marker = try #require(setCookies(joined)["adivina_clase"])
            #expect(marker.hasPrefix("adivina_clase=1;") && marker.contains("Path=/;") && marker.contains("SameSite=Strict"))
            #expect(!marker.contains("HttpOnly"), "the pages read it")
            #expect(setCookies(joined)["adivina_player"]?.contains("HttpOnly") == true)

            // A player's `me` renews the marker (a page that lost it finds it again).
            let me = try await ana.get("/api/classroom/me")
            #expect(me.status == 200)
            #expect(setCookies(me)["adivina_clase"]?.hasPrefix("adivina_clase=1;") == true)

            // Without a player, or once kicked, `me` says so and expires the cookies the request
            // carried, and only those (a join on another connection may be setting them now).
            let stale = try await ClassroomClient(base: running.url, cookie: "adivina_player=stale; adivina_clase=1")
                .get("/api/classroom/me")
            #expect(stale.status == 401)
            #expect(setCookies(stale)["adivina_clase"]?.hasPrefix("adivina_clase=; Path=/; SameSite=Strict; Max-Age=0") == true)
            #expect(setCookies(stale)["adivina_player"]?.contains("Max-Age=0") == true)
            let markerOnly = try await ClassroomClient(base: running.url, cookie: "adivina_clase=1").get("/api/classroom/me")
            #expect(markerOnly.status == 401)
            #expect(setCookies(markerOnly)["adivina_clase"]?.contains("Max-Age=0") == true)
            #expect(setCookies(markerOnly)["adivina_player"] == nil)
            let none = try await anyone.get("/api/classroom/me")
            #expect(none.status == 401)
            #expect(setCookies(none).isEmpty)
            let id = try #require(joined.json["id"] as? Int)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(id)").status == 200)
            // As a browser sends them: the player cookie and the marker.
            let kicked = try await ClassroomClient(base: running.url, cookie: "\(try #require(ana.cookie)); adivina_clase=1")
                .get("/api/classroom/me")
            #expect(kicked.status == 401)
            #expect(setCookies(kicked)["adivina_clase"]?.contains("Max-Age=0") == true)
            #expect(setCookies(kicked)["adivina_player"]?.contains("Max-Age=0") == true)
        }
    }

    @Test func theJoinURLIsServedAsAQRCode() async throws {
        try await withClassroom { running, _, anyone in
            let reply = try await anyone.get("/api/classroom/qr.svg")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "image/svg+xml")
            let expected = try QRCode(encoding: "\(running.url)clase/").svg(moduleSize: 8, quietZone: 4)
            #expect(String(decoding: reply.body, as: UTF8.self) == expected)
        }
    }

    @Test func withoutTheHostKeyNoRoundStartsSkipsOrEnds() async throws {
        try await withClassroom { running, host, anyone in
            let (_, ana) = try await anyone.join("Ana")
            let wrong = ClassroomClient(base: running.url, cookie: ana.cookie, headers: ["X-Host-Key": "0123"])
            for path in ["/api/classroom/host/game", "/api/classroom/host/start", "/api/classroom/host/next", "/api/classroom/host/end"] {
                let body = path.hasSuffix("game") ? #"{"game":"trivia"}"# : nil
                let asPlayer = try await ana.post(path, body)
                #expect(asPlayer.status == 401, "\(path) with only a player's cookie")
                #expect(asPlayer.error?.contains("clave de anfitrión") == true)
                #expect(try await wrong.post(path, body).status == 403, "\(path) with a wrong key")
            }
            #expect(try await ana.send("DELETE", "/api/classroom/host/players/1").status == 401)
            #expect(try await anyone.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 401)
            #expect(try await anyone.post("/api/classroom/host/login", #"{"key":"nope"}"#).status == 403)
            var state = try await state(anyone)
            #expect(state["phase"] as? String == "lobby" && state["game"] is NSNull && state["selfPaced"] as? Bool == false)

            // The host cookie works as well as the header.
            let login = try await anyone.post("/api/classroom/host/login", try ClassroomClient.json(["key": try #require(running.app.hostKey)]))
            let hostCookie = try #require(login.headers["set-cookie"])
            #expect(hostCookie.contains("HttpOnly") && hostCookie.contains("SameSite=Strict"))
            let byCookie = ClassroomClient(base: running.url, cookie: hostCookie.split(separator: ";").first.map(String.init))
            #expect(try await byCookie.post("/api/classroom/host/game", #"{"game":"trivia"}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"chess"}"#).status == 400)
            state = try await self.state(anyone)
            #expect(state["game"] as? String == "trivia")
        }
    }

    @Test func aHostPacedTriviaRoundFromStartToPodium() async throws {
        try await withClassroom { running, host, anyone in
            let players = try await anyone.joined(["Ana", "Bea", "Carla"])
            let board = try EventStreamReader(url: URL(string: "api/events?topics=classroom", relativeTo: running.url)!)
            defer { board.close() }
            #expect(try await board.event(named: "classroom")?.json["phase"] as? String == "lobby")
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)

            var rights = [0, 0, 0]
            for number in 1...3 {
                for (index, player) in players.enumerated() where !(number == 2 && index == 2) {
                    let view = try await player.round()
                    #expect(view["question"] as? Int == number && view["phase"] as? String == "question", "everybody is on question \(number)")
                    let reply = try await player.answer(number, [1])
                    #expect(reply.status == 200 && reply.json["status"] as? String == "recibida" && reply.json["result"] is NSNull)
                    let again = try await player.answer(number, [1])
                    #expect(again.status == 409, "one answer per question: \(again.error ?? "")")
                }
                let state = try await state(anyone)
                #expect(state["answeredCount"] as? Int == (number == 2 ? 2 : 3))
                if number == 2 {
                    let shown = try await host.post("/api/classroom/host/next").json
                    #expect(shown["shows"] as? String == "answer" && shown["question"] as? Int == 2, "Carla has not answered: the answer first")
                }
                // Closed (everybody answered, or the host showed the answer): each one's verdict.
                for (index, player) in players.enumerated() {
                    let verdict = try await player.round()["verdict"] as? [String: Any]
                    #expect(verdict != nil, "question \(number) closed")
                    if verdict?["right"] as? Bool == true { rights[index] += 1 }
                }
                if number < 3 {
                    let next = try await host.post("/api/classroom/host/next").json
                    #expect(next["shows"] as? String == "question" && next["question"] as? Int == number + 1)
                }
            }
            // Carla skipped question 2; her view moved on with everybody.
            let ended = try await host.post("/api/classroom/host/end")
            #expect(ended.status == 200)
            let final = try await state(anyone)
            #expect(final["phase"] as? String == "finished")
            #expect(try scores(final) == ["Ana": rights[0], "Bea": rights[1], "Carla": rights[2]])
            // Only players with points stand on the podium.
            #expect((final["podium"] as? [[String: Any]])?.first?["score"] as? Int == rights.max().flatMap { $0 > 0 ? $0 : nil })
            let ranking = running.app.shared.ranking.entries
            #expect(ranking.count == 3)
            #expect((try await anyone.get("/api/ranking/state").json["entries"] as? [Any])?.count == 3, "anyone reads the ranking")
            #expect(try await players[0].post("/api/ranking", #"{"name":"Ana"}"#).status == 403, "saved once, by the round's end")
            let end = try await players[0].round()
            #expect(end["phase"] as? String == "finished" && end["rightCount"] as? Int == rights[0] && end["score"] as? Int == rights[0])
            #expect(end["rank"] as? Int != nil && end["players"] as? Int == 3)
            #expect(try await board.event(named: "classroom.patch") != nil, "changes come as patches")
            _ = await eventually { board.snapshots(named: "classroom").last?["phase"] as? String == "finished" }
            let seen = try #require(board.snapshots(named: "classroom").last)
            #expect(SnapshotPatch.equal(seen, final), "the stream's snapshots end where the state is")
            #expect(board.received.allSatisfy { !$0.data.contains("correctIndex") }, "the leaderboard never holds a player's answer")
            for snapshot in board.snapshots(named: "classroom") where snapshot["phase"] as? String == "playing" {
                // An answer (the chart's right answer) only once the question closed: untimed,
                // when everybody answered it, or (question 2, Carla silent) when the host showed it.
                guard let chart = snapshot["chart"] as? [String: Any], chart["question"] as? Int == snapshot["question"] as? Int,
                      chart["question"] as? Int != 2
                else { continue }
                #expect(snapshot["answeredCount"] as? Int == snapshot["playerCount"] as? Int, "a chart before the question closed")
            }
        }
    }

    @Test func aPlayerReadsOnlyTheirOwnStateAndNeverTheAnswers() async throws {
        try await withClassroom { running, host, anyone in
            let players = try await anyone.joined(["Ana", "Bea"])
            let set = #"{"title":"t","quizzes":[{"question":"¿Capital de Francia?","answer":"París"},{"question":"¿Y de Italia?","answer":"Roma"}]}"#
            let setID = try #require(try await host.post("/api/classroom/sets", set).json["id"] as? Int)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID)}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let view = try await players[0].round()
            #expect(view["question"] as? Int == 1 && view["total"] as? Int == 2 && view["text"] as? String == "¿Capital de Francia?")
            #expect(!String(decoding: try await players[0].get("/api/classroom/round").body, as: UTF8.self).contains("Italia"),
                    "host-paced: only the question the room is on")
            #expect(!String(decoding: try await anyone.get("/api/classroom/state").body, as: UTF8.self).contains("París"))
            #expect(try await anyone.get("/api/classroom/round").status == 401)
            #expect(try await players[0].get("/standin/trivia/questions?amount=10").status == 404,
                    "the trivia stand-in is at a secret path in classroom mode")

            let checked = try await players[0].answer(1, "París")
            #expect(checked.json["status"] as? String == "recibida" && checked.json["result"] is NSNull && checked.json["points"] is NSNull)
            // Host-paced, nothing tells who was right before the question closes: not the public
            // state (no cookie needed), not the player's own `me` or view.
            let open = try await state(anyone)
            #expect(rows(open).allSatisfy { $0["score"] as? Int == 0 && $0["rightCount"] as? Int == 0 })
            #expect(try await players[0].get("/api/classroom/me").json["score"] as? Int == 0)
            #expect(try await players[0].round()["score"] as? Int == 0)
            #expect(try await players[0].answer(1, "x").status == 409, "once per question")
            let long = try await players[1].answer(1, String(repeating: "a", count: 201))
            #expect(long.status == 400 && long.error == "La respuesta tiene más de 200 caracteres.")
            let wrongShape = try await players[1].answer(1, true)
            #expect(wrongShape.status == 400 && wrongShape.error == "La respuesta a esta pregunta es un texto.")
            #expect(try await host.post("/api/classroom/host/next").status == 200)
            #expect(try await players[1].answer(1, "París").status == 409, "host-paced: question 1 closed when the host showed its answer")
            #expect(try await host.post("/api/classroom/host/next").json["question"] as? Int == 2)

            // Ana's view is hers: Bea's own view and stream show her own score of 0.
            #expect(try await players[0].round()["score"] as? Int == 1)
            #expect(try await players[1].round()["score"] as? Int == 0)
            let beaStream = try EventStreamReader(
                url: URL(string: "api/events?topics=round,classroom", relativeTo: running.url)!, cookie: players[1].cookie)
            defer { beaStream.close() }
            let beaView = try #require(try await beaStream.event(named: "round")?.json)
            #expect(beaView["score"] as? Int == 0 && beaView["name"] as? String == "Bea" && beaView["question"] as? Int == 2)
            let board = try #require(try await beaStream.event(named: "classroom"))
            #expect(rows(board.json).first?["name"] as? String == "Ana" && rows(board.json).first?["score"] as? Int == 1)
            #expect(try await players[1].get("/api/classroom/me").json["score"] as? Int == 0)

            let stranger = try EventStreamReader(url: URL(string: "api/events?topics=round", relativeTo: running.url)!)
            defer { stranger.close() }
            #expect(try await stranger.event(named: "round", timeout: .seconds(1)) == nil, "no cookie, no player topics")
            #expect(try await anyone.get("/api/events?topics=round").status == 401)
            let single = try await players[1].get("/api/events?topics=round,quizzes")
            #expect(single.status == 403 && single.error == RouteAccess.onlyTheClass, "a class player has only the round")
        }
    }

    @Test func aPlayerTakesTheirNameBackWithTheirCodeOrTheHostReleasesIt() async throws {
        try await withClassroom { _, host, anyone in
            let ana = try await anyone.joined("Ana")
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            _ = try await ana.answer(1, [0])
            let code = try #require(try await ana.round()["rejoinCode"] as? String)
            let wrong = try await anyone.post("/api/classroom/rejoin", #"{"name":"Ana","code":"ZZZZZ"}"#)
            #expect(wrong.status == 403 && wrong.error == "El nombre y el código no coinciden con nadie de la clase.")
            let back = try await anyone.post("/api/classroom/rejoin", try ClassroomClient.json(["name": "Ana", "code": code]))
            #expect(back.status == 200 && back.json["id"] as? Int == 1)
            let cookie = try #require(back.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
            let phone = ClassroomClient(base: anyone.base, cookie: cookie)
            #expect(try await phone.round()["answered"] as? Bool == true, "the same player, their answer kept")
            #expect(try await ana.get("/api/classroom/round").status == 401, "the old cookie stops working")
            #expect(try await anyone.join("Ana").0.status == 409)
            #expect(try await host.post("/api/classroom/host/players/1/release").status == 200)
            let (taken, again) = try await anyone.join("Ana")
            #expect(taken.status == 201 && taken.json["id"] as? Int == 1)
            #expect(try await again.round()["name"] as? String == "Ana")
        }
    }

    /// Each screen says what happened (issue 39, point 8): a cookie the room retired is told why,
    /// on every route and on `me`, and its open streams end with a last event `bye` saying it;
    /// a cookie the room never gave is told the room does not know it.
    @Test func aRetiredCookieIsToldWhyAndItsStreamsSayGoodbye() async throws {
        try await withClassroom { running, host, anyone in
            let ana = try await anyone.joined("Ana")
            let bea = try await anyone.joined("Bea")
            let code = try #require(try await ana.round()["rejoinCode"] as? String)
            let beaID = try #require(try await bea.get("/api/classroom/me").json["id"] as? Int)
            let streams = try [ana, bea].map { client in
                try EventStreamReader(url: try #require(URL(string: "api/events?topics=round", relativeTo: running.url)), cookie: client.cookie)
            }
            defer { for stream in streams { stream.close() } }
            for stream in streams { #expect(try await stream.event(named: "round") != nil) }

            let back = try await anyone.post("/api/classroom/rejoin", try ClassroomClient.json(["name": "Ana", "code": code]))
            #expect(back.status == 200)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(beaID)").status == 200)

            let reasons = [(ana, streams[0], PlayerDeparture.elsewhere), (bea, streams[1], PlayerDeparture.removed)]
            for (client, stream, departure) in reasons {
                let bye = try #require(try await stream.event(named: "bye"), "\(departure)")
                #expect(bye.json["reason"] as? String == departure.rawValue && bye.json["message"] as? String == departure.message)
                #expect(bye.id == nil, "a farewell is no topic's event")
                let me = try await client.get("/api/classroom/me")
                #expect(me.status == 401 && me.error == departure.message)
                let answer = try await client.answer(1, [0])
                #expect(answer.status == 401 && answer.error == departure.message)
            }
            let stranger = ClassroomClient(base: running.url, cookie: "adivina_player=never-given")
            #expect(try await stranger.get("/api/classroom/me").error == PlayerDeparture.forgotten)
            #expect(try await anyone.get("/api/classroom/me").error == PlayerDeparture.notJoined.message)
        }
    }

    @Test func fiftyPlayersAnswerAtOnceAndTheLeaderboardStreamSeesEveryScore() async throws {
        try await withClassroom { running, host, anyone in
            let names = (1...50).map { "Jugador \($0)" }
            let players = try await anyone.joined(names)
            let board = try EventStreamReader(url: URL(string: "api/events?topics=classroom", relativeTo: running.url)!)
            defer { board.close() }
            _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)

            let rights = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for (index, player) in players.enumerated() {
                    group.addTask {
                        var right = 0
                        for number in 1...10 {
                            let reply = try await player.answer(number, [index % 4])
                            if reply.status != 200 { Issue.record("answer refused: \(reply.status) \(reply.error ?? "")") }
                            if reply.json["result"] as? Bool == true { right += 1 }
                        }
                        return (index, right)
                    }
                }
                var rights = [Int](repeating: 0, count: players.count)
                for try await (index, right) in group { rights[index] = right }
                return rights
            }
            let expected = Dictionary(uniqueKeysWithValues: zip(names, rights))
            // The stream's events end with every player's final score and progress.
            let (latest, _) = await eventually({ board.snapshots(named: "classroom").last ?? [:] }) { latest in
                (try? scores(latest)) == expected && rows(latest).allSatisfy { $0["progress"] as? Int == 10 }
            }
            #expect(try scores(latest) == expected)
            // Scores only grow along the stream: no event shows a player's score going back.
            var highest: [String: Int] = [:]
            for snapshot in board.snapshots(named: "classroom") {
                for row in rows(snapshot) {
                    let name = try #require(row["name"] as? String), score = try #require(row["score"] as? Int)
                    #expect(score >= highest[name, default: 0])
                    highest[name] = score
                }
            }
        }
    }

    @Test func aPlayerWithNoOpenStreamFor30SecondsIsAway() async throws {
        // The class's one clock, which the test moves on by 31 s.
        let ahead = Mutex<TimeInterval>(0)
        let clock = ClassroomRound.Clock(now: { Date().addingTimeInterval(ahead.withLock { $0 }) }, getReady: 0)
        try await withClassroom(clock: clock) { running, _, anyone in
            let players = try await anyone.joined(["Ana", "Bea"])
            let stream = try EventStreamReader(
                url: URL(string: "api/events?topics=round", relativeTo: running.url)!, cookie: players[0].cookie)
            defer { stream.close() }
            _ = try await stream.event(named: "round")
            let session = try #require(running.app.classroom)
            ahead.withLock { $0 = 31 }
            session.checkAway()
            let rows = try #require(try await anyone.get("/api/classroom/state").json["players"] as? [[String: Any]])
            #expect(rows.map { $0["away"] as? Bool } == [false, true], "Ana has a stream open; Bea none for 31 s")
            #expect(try await anyone.get("/api/classroom/state").json["awayCount"] as? Int == 1)
        }
    }

    @Test func aPlayerOverTheirRateGets429() async throws {
        try await withClassroom { _, _, anyone in
            let (_, ana) = try await anyone.join("Ana")
            try await ana.expectRateLimited("/api/classroom/me")
        }
    }
}
