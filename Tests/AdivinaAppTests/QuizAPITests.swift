import Foundation
import Testing
@testable import AdivinaApp
import TestSupport

/// The one-at-a-time quiz (exam June 2022) through the web API and the stand-in.
@MainActor
struct QuizAPITests {
    @Test func playsUntilThereAreNoMore() async throws {
        let file = try Fixtures.quizFile("quizzes-2021.json")
        let running = try await RunningApp(arguments: ["--quiz-data", file.url.path])
        defer { Task { await running.stop() } }
        var seen: Set<Int> = []
        var state = try await running.state("quiz") { ($0["quiz"] as? [String: Any]) != nil }
        while let quiz = state["quiz"] as? [String: Any], let id = quiz["id"] as? Int {
            #expect(!seen.contains(id), "quiz \(id) came twice in one cycle")
            seen.insert(id)
            if seen.count == 1 {
                let answer = try #require(try await running.get("/api/quiz/\(id)/answer").json["answer"] as? String)
                let check = try await running.post("/api/quiz/\(id)/check", "{\"answer\":\"\(answer)\"}")
                #expect(check.json["result"] as? Bool == true)
                state = try await running.state("quiz") { ($0["lastResult"] as? [String: Any])?["result"] as? Bool == true }
                #expect(state["score"] as? Int == 1)
            }
            let next = try await running.post("/api/quiz/next")
            #expect(next.status == 200)
            state = try await running.state("quiz") { state in
                state["nomore"] as? Bool == true || ((state["quiz"] as? [String: Any])?["id"] as? Int).map { !seen.contains($0) } == true
            }
            #expect(state["lastResult"] is NSNull)
        }
        #expect(state["nomore"] as? Bool == true)
        #expect(seen.count == file.count, "quizzes-2021.json has an id twice")
    }

    @Test func checkingAnotherQuizThanTheCurrentIsRefused() async throws {
        try await withApp { running in
            let state = try await running.state("quiz") { ($0["quiz"] as? [String: Any]) != nil }
            let id = try #require((state["quiz"] as? [String: Any])?["id"] as? Int)
            let reply = try await running.post("/api/quiz/\(id + 1000)/check", #"{"answer":"x"}"#)
            #expect(reply.status == 404)
            #expect(reply.error != nil)
        }
    }
}
