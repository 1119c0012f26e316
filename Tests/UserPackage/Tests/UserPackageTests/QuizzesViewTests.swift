// What a SwiftUI view does with a model, without SwiftUI: read inside `withObservationTracking`,
// then act, and be told once. Built against Adivina as a user's package would be.
import Foundation
import Models
import ModelsTesting
import Observation
import Synchronization
import Testing

/// Counts `onChange` calls from any thread.
final class Changes: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@Test @MainActor func aViewOfTheScoreIsToldOnceOfARightAnswer() async throws {
    let server = ScriptedTransport()
    let client = QuizServerClient(baseURL: try #require(URL(string: "https://quiz.test")), token: "t", transport: server)
    let quizzes = QuizzesModel(client: client, store: nil)
    server.enqueue(.json(#"[{"id":1,"question":"¿Capital de Francia?","favourite":false}]"#))
    try await quizzes.download()
    let changes = Changes()
    let shown = withObservationTracking { (quizzes.quizzes.map(\.question), quizzes.score) } onChange: { changes.add() }
    #expect(shown.0 == ["¿Capital de Francia?"] && shown.1 == 0)
    server.enqueue(.json(#"{"quizId":1,"answer":"París","result":true}"#))
    _ = try await quizzes.check(quizID: 1, answer: "París")
    #expect(changes.value == 1)
    #expect(quizzes.score == 1)
}
