import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("QuizModel is Observable: the quiz, the score and the last result", .timeLimit(.minutes(1)))
@MainActor
struct QuizModelObservationTests {
    private let server = Scripted { QuizModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test")!, token: "tok", transport: $0)) }
    private var model: QuizModel { server.model }

    @Test func nextFiresTheQuizOnce() async throws {
        let quiz = tracking { model.quiz?.id }
        server.transport.enqueue(QuizReplies.random(7))
        try await model.next()
        #expect(quiz.count == 1 && model.quiz?.id == 7)
    }

    @Test func aCheckFiresTheResultAndTheScoreOnlyWhenRight() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await model.next()
        let score = tracking { model.score }
        let result = tracking { model.lastResult }
        server.transport.enqueue(QuizReplies.check(7, "x", right: false))
        _ = try await model.check(quizID: 7, answer: "x")
        #expect(score.count == 0 && result.count == 1)
        let right = tracking { model.score }
        server.transport.enqueue(QuizReplies.check(7, "Roma", right: true))
        _ = try await model.check(quizID: 7, answer: "Roma")
        #expect(right.count == 1 && model.score == 1)
    }

    @Test func aFavouriteFiresTheQuizAndNotTheScore() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await model.next()
        let quiz = tracking { model.quiz?.favourite }
        let noMore = tracking { model.noMore }
        server.transport.enqueue(QuizReplies.favourite(7, true))
        try await model.toggleFavourite(quizID: 7)
        #expect(quiz.count == 1 && noMore.count == 0)
    }

    @Test func anObservedModelIsReleased() async throws {
        let transport = ScriptedTransport()
        transport.enqueue(QuizReplies.random(1))
        let released = try await isReleasedAfterObserving {
            QuizModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test")!, token: "tok", transport: transport))
        } read: { _ = $0.quiz } change: { try await $0.next() }
        #expect(released)
    }
}
