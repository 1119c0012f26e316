import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("QuizModel: one quiz at a time from random, nomore, check, next", .timeLimit(.minutes(5)))
@MainActor
struct QuizModelTests {
    private let server = Scripted { QuizModel.testing(over: $0) }

    @Test func startsEmptyAndNextBringsAQuiz() async throws {
        #expect(server.model.snapshot.value == QuizSnapshot(quiz: nil, nomore: false, lastResult: nil, score: 0, loading: false, error: nil))
        server.transport.enqueue(QuizReplies.random(7, favourite: true))
        try await server.model.next()
        #expect(server.model.quiz?.id == 7)
        #expect(server.model.snapshot.value.quiz?.favourite == true)
        #expect(server.model.snapshot.value.quiz?.authorName == "ana")
        #expect(server.transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/random?token=tok")
    }

    @Test func nomoreEmptiesTheQuizAndNextCanStartAgain() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        server.transport.enqueue(.json(#"{"nomore":true}"#))
        server.transport.enqueue(QuizReplies.random(3))
        try await server.model.next()
        try await server.model.next()
        #expect(server.model.quiz == nil)
        #expect(server.model.noMore)
        #expect(server.model.snapshot.value.nomore)
        try await server.model.next()
        #expect(server.model.quiz?.id == 3)
        #expect(server.model.noMore == false)
    }

    @Test func theSnapshotNumbersTheQuizzesOfTheGame() async throws {
        #expect(server.model.snapshot.value.number == 0)
        server.transport.enqueue(QuizReplies.random(7))
        server.transport.enqueue(QuizReplies.random(3))
        server.transport.enqueue(.json(#"{"nomore":true}"#))
        try await server.model.next()
        #expect(server.model.snapshot.value.number == 1)
        try await server.model.next()
        #expect(server.model.snapshot.value.number == 2, "the play screen's title: Quiz 2")
        try await server.model.next()
        #expect(server.model.snapshot.value.number == 0, "no quiz, no number")
    }

    @Test func checkSetsTheLastResultAndTheScore() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await server.model.next()
        server.transport.enqueue(QuizReplies.check(7, "no", right: false))
        server.transport.enqueue(QuizReplies.check(7, "París", right: true))
        server.transport.enqueue(QuizReplies.check(7, "parís", right: true))
        _ = try await server.model.check(quizID: 7, answer: "no")
        #expect(server.model.lastResult == QuizCheckResult(quizId: 7, answer: "no", result: false))
        #expect(server.model.score == 0)
        _ = try await server.model.check(quizID: 7, answer: "París")
        _ = try await server.model.check(quizID: 7, answer: "parís")
        #expect(server.model.score == 1)
        #expect(server.model.snapshot.value.quiz?.answeredRight == true)
        #expect(server.transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/7/check?answer=par%C3%ADs&token=tok")
        server.transport.enqueue(QuizReplies.random(8))
        try await server.model.next()
        #expect(server.model.lastResult == nil, "a new quiz starts without a result")
        #expect(server.model.score == 1)
    }

    @Test func onlyTheQuizBeingPlayedCanBeChecked() async throws {
        await #expect(throws: ModelError.unknownItem(.quiz, id: 7)) { try await server.model.check(quizID: 7, answer: "a") }
        server.transport.enqueue(QuizReplies.random(7))
        try await server.model.next()
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await server.model.check(quizID: 8, answer: "a") }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await server.model.toggleFavourite(quizID: 8) }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await server.model.answer(quizID: 8) }
        #expect(server.transport.requests.count == 1)
    }

    @Test func favouriteAndAnswerOfTheQuizBeingPlayed() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await server.model.next()
        server.transport.enqueue(QuizReplies.favourite(7, true))
        _ = try await server.model.toggleFavourite(quizID: 7)
        #expect(server.model.quiz?.favourite == true)
        #expect(server.transport.requests.last?.httpMethod == "PUT")
        server.transport.enqueue(QuizReplies.answer(7, "Lima"))
        #expect(try await server.model.answer(quizID: 7) == "Lima")
    }

    @Test(arguments: QuizReplies.failures.map(\.name))
    func everyFailureShowsAnErrorAndKeepsTheQuiz(failure: String) async throws {
        let (_, reply, expected) = try #require(QuizReplies.failures.first { $0.name == failure })
        server.transport.enqueue(QuizReplies.random(7))
        try await server.model.next()
        if let reply { server.transport.enqueue(reply) }
        await #expect(throws: ModelError.remote(expected)) { try await server.model.next() }
        #expect(server.model.quiz?.id == 7)
        #expect(server.model.error == expected.userMessage)
        #expect(server.model.loading == false)
    }

    @Test func aLateQuizNeverReplacesANewerOne() async throws {
        let slow = server.transport.enqueueHeld(QuizReplies.random(1))
        let first = Task { try await server.model.next() }
        await server.transport.waitForRequests(1)
        #expect(server.model.loading)
        server.transport.enqueue(QuizReplies.random(2))
        try await server.model.next()
        slow.open()
        try await first.value
        #expect(server.model.quiz?.id == 2)
        #expect(server.model.loading == false)
    }

    @Test func theSnapshotJSONFollowsTheState() async throws {
        server.transport.enqueue(QuizReplies.random(7))
        try await server.model.next()
        let decoded = try JSONDecoder().decode(QuizSnapshot.self, from: server.model.snapshotJSON.value)
        #expect(decoded == server.model.snapshot.value)
        #expect(decoded.quiz?.id == 7)
    }
}
