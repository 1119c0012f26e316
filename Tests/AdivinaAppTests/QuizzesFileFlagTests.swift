import Foundation
import Testing
@testable import AdivinaApp
import TestSupport

/// `--quizzes-file FILE` (practice 4.1's own mode): the Quizzes app lists every quiz of the file
/// and judges it locally, through the same web API as with a quiz server.
@MainActor
struct QuizzesFileFlagTests {
    @Test(arguments: Fixtures.quizFiles) func playsEveryQuizOfEachShape(_ file: QuizFixture) async throws { try await playsEveryQuiz(of: file) }
    @Test(.realFixtures, arguments: RealFixtures.quizFiles) func playsTheRealFiles(_ file: QuizFixture) async throws { try await playsEveryQuiz(of: file) }

    private func playsEveryQuiz(of file: QuizFixture) async throws {
        var answers: [Int: String] = [:]
        var order: [Int] = []
        for item in try file.items() {
            let id = try #require(item["id"] as? Int)
            if answers[id] == nil {
                answers[id] = try #require(item["answer"] as? String)
                order.append(id)
            }
        }
        try await withApp(["--quizzes-file", file.url.path]) { running in
            let state = try await running.loadedQuizzes()
            #expect(quizIDs(state) == order, "every quiz, in file order, the first of a repeated id")
            #expect(state["file"] as? String == file.name)
            #expect(state["skipped"] as? Int == file.duplicateIDs.count)
            let text = String(decoding: try await running.get("/api/quizzes/state").body, as: UTF8.self)
            #expect(!text.contains("\"answer\""), "the list's state never carries an answer")

            let first = try #require(order.first)
            #expect(try await running.post("/api/quizzes/\(first)/check", #"{"answer":"no es esto"}"#).json["result"] as? Bool == false)
            for id in order {
                let answer = try #require(answers[id])
                #expect(try await running.get("/api/quizzes/\(id)/answer").json["answer"] as? String == answer)
                let check = try await running.post("/api/quizzes/\(id)/check", try ClassroomClient.json(["answer": "  \(answer.uppercased()) "]))
                #expect(check.json["result"] as? Bool == true, "quiz \(id)")
            }
            let done = try await running.state("quizzes") { $0["score"] as? Int == order.count }
            #expect(done["record"] as? Int == order.count)

            #expect(try await running.put("/api/quizzes/\(first)/favourite").json["favourite"] as? Bool == true)
            _ = try await running.state("quizzes") { state in
                (state["quizzes"] as? [[String: Any]])?.first { $0["id"] as? Int == first }?["favourite"] as? Bool == true
            }
            #expect(try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":true}"#).status == 200)
            _ = try await running.state("quizzes") { quizIDs($0).isEmpty && $0["onlyUnanswered"] as? Bool == true }
            #expect(try await running.post("/api/quizzes/reload").status == 200)
            let reread = try await running.state("quizzes") { $0["score"] as? Int == 0 && $0["onlyUnanswered"] as? Bool == true }
            #expect(quizIDs(reread) == order, "read again: a new round, nothing answered yet")
            #expect(reread["record"] as? Int == order.count)
        }
    }

    @Test func theRecordAndFavouritesOfAFileSurviveARestart() async throws {
        let data = try RunningApp.temporaryDirectory("quizzes-file")
        let file = try Fixtures.quizFile("quizzes-2023.json")
        let first = try await RunningApp(arguments: ["--quizzes-file", file.url.path], dataDirectory: data)
        let ids = quizIDs(try await first.loadedQuizzes())
        let id = try #require(ids.last)
        let answer = try #require(try await first.get("/api/quizzes/\(id)/answer").json["answer"] as? String)
        #expect(try await first.post("/api/quizzes/\(id)/check", try ClassroomClient.json(["answer": answer])).json["result"] as? Bool == true)
        #expect(try await first.put("/api/quizzes/\(id)/favourite").status == 200)
        await first.stop()

        let second = try await RunningApp(arguments: ["--quizzes-file", file.url.path], dataDirectory: data)
        defer { Task { await second.stop() } }
        let state = try await second.loadedQuizzes()
        #expect(state["record"] as? Int == 1)
        #expect(state["score"] as? Int == 0)
        let favourites = (state["quizzes"] as? [[String: Any]] ?? []).filter { $0["favourite"] as? Bool == true }
        #expect(favourites.compactMap { $0["id"] as? Int } == [id])
    }

    @Test func aFileThatCannotBePlayedStopsTheStart() async throws {
        let bad = try RunningApp.temporaryDirectory("bad").appendingPathComponent("quizzes.json")
        try Data(#"[{"id":1,"question":"Sin respuesta"}]"#.utf8).write(to: bad)
        await #expect(throws: ConfigurationError.self) { try await RunningApp(arguments: ["--quizzes-file", bad.path]) }
    }
}
