import Foundation
import Testing
@testable import AdivinaApp

/// Trivia's web API through the real server and the trivia stand-in: a whole game, saving the
/// score, the ranking live on another stream and after a restart.
@MainActor
struct TriviaAPITests {
    /// Plays the running game to the end answering `index` each time; returns the right answers.
    private func playToTheEnd(_ running: RunningApp, index: Int = 0) async throws -> Int {
        var rights = 0
        for number in 1...10 {
            let reply = try await running.post("/api/trivia/answer", "{\"index\":\(index)}")
            #expect(reply.status == 200)
            #expect(reply.json["number"] as? Int == number)
            if reply.json["right"] as? Bool == true { rights += 1 }
        }
        return rights
    }

    private func playing(_ running: RunningApp) async throws -> [String: Any] {
        try await running.state("trivia") { $0["phase"] as? String == "playing" && $0["loading"] as? Bool == false }
    }

    @Test func startsWithTheFirstOfTenQuestions() async throws {
        try await withApp { running in
            let state = try await playing(running)
            #expect(state["number"] as? Int == 1)
            #expect(state["total"] as? Int == 10)
            #expect(state["score"] as? Int == 0)
            let question = try #require(state["question"] as? [String: Any])
            #expect((question["answers"] as? [String])?.count == 4)
            #expect(question["text"] is String)
            #expect(question["correct"] == nil, "the right answer never reaches the page before the tap")
            #expect(state["error"] is NSNull)
        }
    }

    @Test func aWholeGameSavedAppearsLiveInTheRanking() async throws {
        try await withApp { running in
            _ = try await playing(running)
            let stream = try EventStreamReader(url: URL(string: "api/events?topics=ranking,trivia", relativeTo: running.url)!)
            defer { stream.close() }
            let opening = try #require(try await stream.event(named: "ranking"))
            #expect((opening.json["entries"] as? [Any])?.isEmpty == true)

            let early = try await running.post("/api/ranking", #"{"name":"Ana"}"#)
            #expect(early.status == 409)
            #expect(early.error?.contains("no ha terminado") == true)

            let rights = try await playToTheEnd(running)
            let finished = try await running.state("trivia") { $0["phase"] as? String == "finished" }
            #expect(finished["score"] as? Int == rights)
            #expect(finished["question"] is NSNull)
            #expect(finished["number"] as? Int == 10)
            let late = try await running.post("/api/trivia/answer", #"{"index":0}"#)
            #expect(late.status == 409)

            let blank = try await running.post("/api/ranking", #"{"name":"   "}"#)
            #expect(blank.status == 400)
            #expect(blank.error == "Escribe tu nombre para guardar la puntuación.")
            let saved = try await running.post("/api/ranking", #"{"name":"  Ana  "}"#)
            #expect(saved.status == 200)
            #expect(saved.json["name"] as? String == "Ana")
            #expect(saved.json["score"] as? Int == rights)
            let twice = try await running.post("/api/ranking", #"{"name":"Ana"}"#)
            #expect(twice.status == 409)

            let update = try #require(try await stream.event(named: "ranking", number: 2))
            let entries = try #require(update.json["entries"] as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["name"] as? String == "Ana")
            #expect(entries.first?["score"] as? Int == rights)
            #expect(entries.first?["position"] as? Int == 1)
            let state = try await running.state("trivia") { $0["saved"] as? Bool == true }
            #expect(state["phase"] as? String == "finished")
        }
    }

    @Test func restartStartsAFreshGame() async throws {
        try await withApp { running in
            _ = try await playing(running)
            _ = try await running.post("/api/trivia/answer", #"{"index":1}"#)
            _ = try await running.state("trivia") { $0["number"] as? Int == 2 }
            let restart = try await running.post("/api/trivia/restart")
            #expect(restart.status == 200)
            let state = try await running.state("trivia") { $0["number"] as? Int == 1 }
            #expect(state["score"] as? Int == 0)
            #expect(state["lastAnswer"] is NSNull)
            #expect(try await running.post("/api/trivia/start").status == 200)
        }
    }

    @Test func badAnswersAreRefusedInSpanish() async throws {
        try await withApp { running in
            _ = try await playing(running)
            for (body, status) in [(#"{"index":4}"#, 400), (#"{"index":"2"}"#, 400), ("{}", 400), ("no es json", 400), ("", 400)] {
                let reply = try await running.post("/api/trivia/answer", body)
                #expect(reply.status == status, "\(body)")
                #expect(reply.error?.isEmpty == false)
            }
            #expect(try await running.post("/api/ranking", #"{"nombre":"Ana"}"#).status == 400)
            let state = try await running.state("trivia")
            #expect(state["number"] as? Int == 1, "nothing advanced")
        }
    }

    @Test func theRankingSurvivesARestart() async throws {
        let data = try RunningApp.temporaryDirectory("ranking")
        let first = try await RunningApp(dataDirectory: data)
        _ = try await playing(first)
        let rights = try await playToTheEnd(first, index: 2)
        #expect(try await first.post("/api/ranking", #"{"name":"Bea"}"#).status == 200)
        await first.stop()

        let second = try await RunningApp(dataDirectory: data)
        defer { Task { await second.stop() } }
        let ranking = try await second.state("ranking")
        let entries = try #require(ranking["entries"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Bea"])
        #expect(entries.first?["score"] as? Int == rights)
        #expect(entries.first?["date"] is String)
    }

    @Test func anOutageOfTheTriviaStandInShowsAnError() async throws {
        try await withApp { running in
            _ = try await playing(running)
            #expect(try await running.put("/standin/trivia/control/outage?status=503").status == 200)
            let restart = try await running.post("/api/trivia/restart")
            #expect(restart.status == 502)
            let state = try await running.state("trivia") { $0["error"] is String }
            #expect(state["phase"] as? String == "playing", "the game in progress stays")
            _ = try await running.delete("/standin/trivia/control/outage")
            #expect(try await running.post("/api/trivia/restart").status == 200)
            _ = try await running.state("trivia") { $0["error"] is NSNull }
        }
    }
}
