// The example of a user's own unit test in docs/api.md (section "Testing your code against
// the models"), line for line: this target depends only on the `Models` and `ModelsTesting`
// products, as a user's test target does, so it proves the example builds and passes.
import Foundation
import Models
import ModelsTesting
import Testing

@Test @MainActor func aRightAnswerCountsForTheScore() async throws {
    let server = ScriptedTransport()
    let client = QuizServerClient(baseURL: try #require(URL(string: "https://quiz.test")), token: "t", transport: server)
    let quizzes = QuizzesModel(client: client, store: nil)
    server.enqueue(.json(#"[{"id":1,"question":"¿Capital de Francia?","favourite":false}]"#))
    try await quizzes.download()
    server.enqueue(.json(#"{"quizId":1,"answer":"París","result":true}"#))
    _ = try await quizzes.check(quizID: 1, answer: "París")
    #expect(quizzes.score == 1)
}
