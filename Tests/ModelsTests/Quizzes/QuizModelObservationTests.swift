import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("QuizModel is Observable: the quiz, the score and the last result", .timeLimit(.minutes(5)))
@MainActor
struct QuizModelObservationTests {
    private let server = Scripted { QuizModel.testing(over: $0) }
    private var model: QuizModel { server.model }

    /// Quiz 7 drawn from the server.
    private func drawn() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await model.next()
    }

    /// Checks `answer` to quiz 7, the server judging it `right`.
    private func check(_ answer: String, right: Bool) async throws {
        server.transport.enqueue(QuizReplies.check(7, answer, right: right))
        _ = try await model.check(quizID: 7, answer: answer)
    }

    @Test func nextFiresTheQuizOnce() async throws {
        let quiz = tracking { model.quiz?.id }
        try await drawn()
        #expect(quiz.count == 1 && model.quiz?.id == 7)
    }

    @Test func aCheckFiresTheResultAndTheScoreOnlyWhenRight() async throws {
        try await drawn()
        let score = tracking { model.score }
        let result = tracking { model.lastResult }
        try await check("x", right: false)
        #expect(score.count == 0 && result.count == 1)
        let right = tracking { model.score }
        try await check("Roma", right: true)
        #expect(right.count == 1 && model.score == 1)
    }

    @Test func aFavouriteFiresTheQuizAndNotTheScore() async throws {
        try await drawn()
        let quiz = tracking { model.quiz?.favourite }
        let noMore = tracking { model.noMore }
        server.transport.enqueue(QuizReplies.favourite(7, true))
        try await model.toggleFavourite(quizID: 7)
        #expect(quiz.count == 1 && noMore.count == 0)
    }

    @Test func anObservedModelIsReleased() async throws {
        let released = try await isReleasedAfterObserving(over: QuizReplies.random(1)) {
            QuizModel.testing(over: $0)
        } read: { _ = $0.quiz } change: { try await $0.next() }
        #expect(released)
    }
}
