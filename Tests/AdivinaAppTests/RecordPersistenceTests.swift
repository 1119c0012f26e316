import Foundation
import Testing
@testable import AdivinaApp

/// The record survives a restart of the whole app on the same data directory (and a new port).
@MainActor
struct RecordPersistenceTests {
    @Test func recordSurvivesARestart() async throws {
        let data = try RunningApp.temporaryDirectory("record")
        let first = try await RunningApp(dataDirectory: data)
        let ids = quizIDs(try await first.loadedQuizzes())
        for id in ids.prefix(2) {
            let answer = try #require(try await first.get("/api/quizzes/\(id)/answer").json["answer"] as? String)
            _ = try await first.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answer)\"}")
        }
        _ = try await first.state("quizzes") { $0["record"] as? Int == 2 }
        await first.stop()

        let second = try await RunningApp(dataDirectory: data)
        defer { Task { await second.stop() } }
        #expect(second.url != first.url)
        let state = try await second.loadedQuizzes()
        #expect(state["record"] as? Int == 2)
        #expect(state["score"] as? Int == 0)
    }
}
