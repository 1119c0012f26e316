import Foundation
import ModelsTesting
import Testing

@testable import Models

/// `Deadline`: every remote call of a model ends in its outcome or, once the deadline has
/// passed, in `RemoteError.timeout`, whatever the transport does.
@Suite("Deadline: a remote call that never ends becomes a timeout", .timeLimit(.minutes(5)))
struct DeadlineTests {
    @Test func aFastOperationGivesItsValue() async throws {
        let outcome = await Deadline.run(within: .seconds(10)) { () async throws(RemoteError) in 42 }
        #expect(try outcome.get() == 42)
    }

    @Test func aFailureIsPassedOn() async {
        let outcome = await Deadline.run(within: .seconds(10)) { () async throws(RemoteError) -> Int in throw .offline }
        #expect(throws: RemoteError.offline) { try outcome.get() }
    }

    @Test func anOperationThatNeverEndsTimesOutAndIsCancelled() async {
        let gate = ScriptedTransport.Gate()
        let cancelled = ScriptedTransport.Gate()
        let outcome = await Deadline.run(within: .milliseconds(200)) { () async throws(RemoteError) -> Int in
            // Ignores cancellation, as a transport that never answers would, but notes it.
            await withTaskCancellationHandler { await gate.wait() } onCancel: { cancelled.open() }
            return 1
        }
        // The gate opens only below: nothing but the deadline can have ended the run.
        #expect(throws: RemoteError.timeout) { try outcome.get() }
        await cancelled.wait()  // The suite's time limit fails the test if it never comes.
        gate.open()
    }

    @Test func cancellingTheCallerCancelsTheOperation() async {
        let gate = ScriptedTransport.Gate()
        let cancelled = ScriptedTransport.Gate()
        let caller = Task {
            await Deadline.run(within: .seconds(60)) { () async throws(RemoteError) -> Int in
                await withTaskCancellationHandler { await gate.wait() } onCancel: { cancelled.open() }
                throw .cancelled
            }
        }
        caller.cancel()
        await cancelled.wait()
        gate.open()
        let outcome = await caller.value
        #expect(throws: RemoteError.cancelled) { try outcome.get() }
    }

    @MainActor
    @Test func aCheckThatNeverEndsShowsTheTimeoutAndKeepsTheList() async throws {
        let quizzes = Scripted {
            QuizzesModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test/")!, token: "t", transport: $0), store: nil)
        }
        quizzes.transport.enqueue(QuizReplies.list([1, 2]))
        try await quizzes.model.download()
        quizzes.model.deadline = .milliseconds(200)
        let never = quizzes.transport.enqueueHeld(QuizReplies.check(1, "a", right: true))
        defer { never.open() }
        await #expect(throws: ModelError.remote(.timeout)) { try await quizzes.model.check(quizID: 1, answer: "a") }
        #expect(quizzes.model.error == RemoteError.timeout.userMessage)
        #expect(quizzes.model.quizzes.map(\.id) == [1, 2])
        #expect(quizzes.model.score == 0)
    }

    @MainActor
    @Test func aNextQuizThatNeverComesEndsLoading() async throws {
        let quiz = Scripted { QuizModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test/")!, token: "t", transport: $0)) }
        quiz.model.deadline = .milliseconds(200)
        let never = quiz.transport.enqueueHeld(QuizReplies.random(1))
        defer { never.open() }
        await #expect(throws: ModelError.remote(.timeout)) { try await quiz.model.next() }
        #expect(quiz.model.loading == false)
        #expect(quiz.model.error == RemoteError.timeout.userMessage)
    }
}
