import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("QuizModel: one quiz at a time from random, nomore, check, next", .timeLimit(.minutes(1)))
@MainActor
struct QuizModelTests {
    private let transport = ScriptedTransport()
    private let model: QuizModel

    init() {
        model = QuizModel(client: QuizServerClient(baseURL: URL(string: "http://quiz.test")!, token: "tok", transport: transport))
    }

    @Test func startsEmptyAndNextBringsAQuiz() async throws {
        #expect(model.snapshot.value == QuizSnapshot(quiz: nil, nomore: false, lastResult: nil, score: 0, loading: false, error: nil))
        transport.enqueue(QuizReplies.random(7, favourite: true))
        try await model.next()
        #expect(model.quiz?.id == 7)
        #expect(model.snapshot.value.quiz?.favourite == true)
        #expect(model.snapshot.value.quiz?.authorName == "ana")
        #expect(transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/random?token=tok")
    }

    @Test func nomoreEmptiesTheQuizAndNextCanStartAgain() async throws {
        transport.enqueue(QuizReplies.random(7))
        transport.enqueue(.json(#"{"nomore":true}"#))
        transport.enqueue(QuizReplies.random(3))
        try await model.next()
        try await model.next()
        #expect(model.quiz == nil)
        #expect(model.noMore)
        #expect(model.snapshot.value.nomore)
        try await model.next()
        #expect(model.quiz?.id == 3)
        #expect(model.noMore == false)
    }

    @Test func theSnapshotNumbersTheQuizzesOfTheGame() async throws {
        #expect(model.snapshot.value.number == 0)
        transport.enqueue(QuizReplies.random(7))
        transport.enqueue(QuizReplies.random(3))
        transport.enqueue(.json(#"{"nomore":true}"#))
        try await model.next()
        #expect(model.snapshot.value.number == 1)
        try await model.next()
        #expect(model.snapshot.value.number == 2, "the play screen's title: Quiz 2")
        try await model.next()
        #expect(model.snapshot.value.number == 0, "no quiz, no number")
    }

    @Test func checkSetsTheLastResultAndTheScore() async throws {
        transport.enqueue(QuizReplies.random(7))
        try await model.next()
        transport.enqueue(QuizReplies.check(7, "no", right: false))
        transport.enqueue(QuizReplies.check(7, "París", right: true))
        transport.enqueue(QuizReplies.check(7, "parís", right: true))
        _ = try await model.check(quizID: 7, answer: "no")
        #expect(model.lastResult == QuizCheckResult(quizId: 7, answer: "no", result: false))
        #expect(model.score.value == 0)
        _ = try await model.check(quizID: 7, answer: "París")
        _ = try await model.check(quizID: 7, answer: "parís")
        #expect(model.score.value == 1)
        #expect(model.snapshot.value.quiz?.answeredRight == true)
        #expect(transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/7/check?answer=par%C3%ADs&token=tok")
        transport.enqueue(QuizReplies.random(8))
        try await model.next()
        #expect(model.lastResult == nil, "a new quiz starts without a result")
        #expect(model.score.value == 1)
    }

    @Test func onlyTheQuizBeingPlayedCanBeChecked() async throws {
        await #expect(throws: ModelError.unknownItem(.quiz, id: 7)) { try await model.check(quizID: 7, answer: "a") }
        transport.enqueue(QuizReplies.random(7))
        try await model.next()
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await model.check(quizID: 8, answer: "a") }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await model.toggleFavourite(quizID: 8) }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 8)) { try await model.answer(quizID: 8) }
        #expect(transport.requests.count == 1)
    }

    @Test func favouriteAndAnswerOfTheQuizBeingPlayed() async throws {
        transport.enqueue(QuizReplies.random(7))
        try await model.next()
        transport.enqueue(QuizReplies.favourite(7, true))
        _ = try await model.toggleFavourite(quizID: 7)
        #expect(model.quiz?.favourite == true)
        #expect(transport.requests.last?.httpMethod == "PUT")
        transport.enqueue(QuizReplies.answer(7, "Lima"))
        #expect(try await model.answer(quizID: 7) == "Lima")
    }

    @Test(arguments: QuizReplies.failures.map(\.name))
    func everyFailureShowsAnErrorAndKeepsTheQuiz(failure: String) async throws {
        let (_, reply, expected) = try #require(QuizReplies.failures.first { $0.name == failure })
        transport.enqueue(QuizReplies.random(7))
        try await model.next()
        if let reply { transport.enqueue(reply) }
        await #expect(throws: ModelError.remote(expected)) { try await model.next() }
        #expect(model.quiz?.id == 7)
        #expect(model.error == expected.userMessage)
        #expect(model.loading == false)
    }

    @Test func aLateQuizNeverReplacesANewerOne() async throws {
        let slow = transport.enqueueHeld(QuizReplies.random(1))
        let first = Task { try await model.next() }
        await transport.waitForRequests(1)
        #expect(model.loading)
        transport.enqueue(QuizReplies.random(2))
        try await model.next()
        slow.open()
        try await first.value
        #expect(model.quiz?.id == 2)
        #expect(model.loading == false)
    }

    @Test func theSnapshotJSONFollowsTheState() async throws {
        transport.enqueue(QuizReplies.random(7))
        try await model.next()
        let decoded = try JSONDecoder().decode(QuizSnapshot.self, from: model.snapshotJSON.value)
        #expect(decoded == model.snapshot.value)
        #expect(decoded.quiz?.id == 7)
    }
}
