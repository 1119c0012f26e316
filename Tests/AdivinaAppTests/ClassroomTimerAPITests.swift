import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// Timed rounds over HTTP against the real server and its real clock: the countdown in the
/// state, speed points, the chart once a question closes (time up, or everybody answered),
/// late answers refused, extra time, and answers racing the deadline.
@MainActor
struct ClassroomTimerAPITests {
    @Test func aTimedTriviaRoundCountsDownScoresBySpeedAndShowsTheChart() async throws {
        try await withClassroom { _, host, anyone in
            let players = try await anyone.joined(["Ana", "Bea", "Carla"])
            let refused = try await host.post("/api/classroom/host/game", #"{"game":"trivia","speedPoints":true}"#)
            #expect(refused.status == 400 && refused.error == "Los puntos por rapidez necesitan un tiempo por pregunta.")
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"trivia","seconds":3}"#).status == 400)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"trivia","seconds":5,"speedPoints":true}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)

            let state = try await anyone.get("/api/classroom/state").json
            #expect((state["timer"] as? [String: Any])?["seconds"] as? Int == 5)
            let deadline = try #require(state["deadline"] as? [String: Any])
            let (opened, ends) = (try #require(deadline["openedAt"] as? Int), try #require(deadline["endsAt"] as? Int))
            #expect(ends - opened == 5000 && state["chart"] is NSNull, "no chart while the question is open")
            let open = try #require(state["open"] as? [String: Any])
            #expect(open["startsAt"] as? Int == opened && open["kind"] as? String == "choice" && (open["options"] as? [String])?.count == 4)
            let openJSON = String(decoding: try JSONSerialization.data(withJSONObject: open), as: UTF8.self)
            #expect(open["text"] is String && !openJSON.contains("right"))
            let asked = Int(Date().timeIntervalSince1970 * 1000)
            let serverNow = try #require(try await anyone.get("/api/classroom/time").json["now"] as? Int)
            let answered = Int(Date().timeIntervalSince1970 * 1000)
            #expect((asked - 5...answered + 5).contains(serverNow), "the server's clock, read between the ask and the answer")
            #expect(try await players[2].get("/api/classroom/me").json["deadline"] as? Int == ends)

            for player in players.prefix(2) {
                #expect(try await player.post("/api/classroom/round/answer", #"{"question":1,"answer":[0]}"#).status == 200)
            }
            #expect(try await players[0].get("/api/classroom/me").json["points"] as? [String: Int] == [:], "counted at the close")

            // Carla never answers: the question closes when her time is up.
            let closed = await eventually {
                ((try? await anyone.get("/api/classroom/state").json["chart"]) as? [String: Any]) != nil
            }
            #expect(closed)
            let points = try await players[0].get("/api/classroom/me").json["points"] as? [String: Int]
            let earned = try #require(points?["1"])
            #expect(earned == 0 || (500...1000).contains(earned), "speed points: \(earned)")
            let chart = try #require(try await anyone.get("/api/classroom/state").json["chart"] as? [String: Any])
            #expect(chart["question"] as? Int == 1 && chart["unanswered"] as? Int == 1)
            #expect((chart["right"] as? Int ?? 0) + (chart["wrong"] as? Int ?? 0) == 2)
            let late = try await players[2].post("/api/classroom/round/answer", #"{"question":1,"answer":[1]}"#)
            #expect(late.status == 409 && late.error == "Se acabó el tiempo de esta pregunta.")

            // Extra time is the host's to give, and the leaderboard never shows it.
            #expect(try await players[2].send("PUT", "/api/classroom/host/players/3/time", body: #"{"factor":2}"#).status == 401)
            #expect(try await host.send("PUT", "/api/classroom/host/players/3/time", body: #"{"factor":3}"#).status == 400)
            #expect(try await host.send("PUT", "/api/classroom/host/players/3/time", body: #"{"factor":2}"#).status == 200)
            let extra = try await host.get("/api/classroom/host/extra-time")
            let rows = try JSONSerialization.jsonObject(with: extra.body) as? [[String: Any]]
            #expect(rows?.count == 1 && rows?.first?["id"] as? Int == 3 && rows?.first?["factor"] as? Double == 2)
            #expect(try await players[2].get("/api/classroom/me").json["timeFactor"] as? Double == 2)
            #expect(!String(decoding: try await anyone.get("/api/classroom/state").body, as: UTF8.self).contains("factor"))

            // Question 2: everybody answers, and it closes at once.
            #expect(try await host.post("/api/classroom/host/next").status == 200)
            for player in players { #expect(try await player.post("/api/classroom/round/answer", #"{"question":2,"answer":[2]}"#).status == 200) }
            let now = try await anyone.get("/api/classroom/state").json
            #expect((now["chart"] as? [String: Any])?["question"] as? Int == 2 && now["deadline"] is NSNull)
        }
    }

    @Test func answersRacingTheDeadlineAreEitherCountedOrRefusedNeverLost() async throws {
        try await withClassroom { _, host, anyone in
            let names = (1...20).map { "Jugador \($0)" }
            let players = try await anyone.joined(names)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"trivia","seconds":5}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let ends = try #require((try await anyone.get("/api/classroom/state").json["deadline"] as? [String: Any])?["endsAt"] as? Int)
            let wait = Double(ends) / 1000 - Date().timeIntervalSince1970 - 0.15
            if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for (index, player) in players.enumerated() {
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(index * 15))
                        return try await player.post("/api/classroom/round/answer", #"{"question":1,"answer":[0]}"#).status
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 409 }, "\(statuses)")
            let accepted = statuses.count { $0 == 200 }
            let closed = await eventually {
                ((try? await anyone.get("/api/classroom/state").json["chart"]) as? [String: Any]) != nil
            }
            #expect(closed)
            let chart = try #require(try await anyone.get("/api/classroom/state").json["chart"] as? [String: Any])
            #expect((chart["right"] as? Int ?? -1) + (chart["wrong"] as? Int ?? -1) == accepted, "every accepted answer is in the chart")
            #expect(chart["unanswered"] as? Int == players.count - accepted)
        }
    }
}
