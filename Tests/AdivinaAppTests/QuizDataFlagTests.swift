import Foundation
import Testing
@testable import AdivinaApp
import TestSupport

/// `--quiz-data FILE`: the stand-in serves any of the course's real quizzes.json files and the
/// whole app plays them.
@MainActor
struct QuizDataFlagTests {
    @Test(arguments: RealFixtures.quizFileNames)
    func playsARealFile(_ name: String) async throws {
        let file = try RealFixtures.quizFile(name)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        let answers = Dictionary(items.map { ($0["id"] as! Int, $0["answer"] as! String) }, uniquingKeysWith: { a, _ in a })

        let running = try await RunningApp(arguments: ["--quiz-data", file.path])
        defer { Task { await running.stop() } }
        let state = try await running.loadedQuizzes()
        let ids = quizIDs(state)
        #expect(ids.count == 10)
        #expect(Set(ids).isSubset(of: Set(answers.keys)))
        let id = try #require(ids.first)
        let check = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answers[id]!)\"}")
        #expect(check.json["result"] as? Bool == true)
        _ = try await running.state("quizzes") { $0["score"] as? Int == 1 }
    }

    @Test func aFileThatIsNotQuizzesStopsTheStart() async throws {
        let bad = try RunningApp.temporaryDirectory("bad").appendingPathComponent("quizzes.json")
        try TestFiles.write(Data("<html>no</html>".utf8), to: bad)
        await #expect(throws: (any Error).self) { try await RunningApp(arguments: ["--quiz-data", bad.path]) }
    }
}
