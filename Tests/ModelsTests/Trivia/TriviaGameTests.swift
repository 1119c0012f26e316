import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("TriviaGame: ten shuffled questions, scoring, advancing, the end, restart, failures", .timeLimit(.minutes(5)))
@MainActor
struct TriviaGameTests {
    private let server = Scripted { TriviaGame.testing(over: $0, base: "http://trivia.test/standin/trivia/", seed: 42) }

    /// Answers every remaining question right (`right == true`) or wrong.
    /// The number at the end of a stand-in question ("Pregunta 7" → 7), or nil.
    private func number(_ question: String) -> Int? {
        question.split(separator: " ").last.flatMap { Int($0) }
    }

    private func answerAll(right: (Int) -> Bool) throws {
        var number = 0
        while let question = server.model.currentQuestion {
            let index = right(number) ? question.correct : (question.correct + 1) % 4
            try server.model.answer(index: index)
            number += 1
        }
    }

    @Test func startsIdleAndStartAsksForTenQuestions() async throws {
        #expect(server.model.snapshot.value.phase == .idle)
        #expect(server.model.snapshot.value.question == nil)
        #expect(server.model.snapshot.value.number == 0)
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        #expect(server.transport.requests.last?.url?.absoluteString == "http://trivia.test/standin/trivia/questions?amount=10")
        let snapshot = server.model.snapshot.value
        #expect(snapshot.phase == .playing)
        #expect(snapshot.number == 1)
        #expect(snapshot.total == 10)
        #expect(snapshot.score == 0)
        #expect(snapshot.question?.answers.count == 4)
        #expect(snapshot.lastAnswer == nil)
    }

    @Test func questionsAndAnswersAreShuffledWithTheRightIndexKeptRight() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        let questions = server.model.questions
        #expect(Set(questions.map(\.question)) == Set((1...10).map { "Pregunta \($0)" }))
        #expect(questions.map(\.question) != (1...10).map { "Pregunta \($0)" }, "questions are shuffled")
        for question in questions {
            let n = try #require(number(question.question))
            #expect(question.correctAnswer == "R\(n)")
        }
        #expect(questions.contains { question in number(question.question).map { question.correct != $0 % 4 } ?? true }, "answers moved")
    }

    @Test func aGameTakesAtMostTenOfALongerList() async throws {
        server.transport.enqueue(TriviaReplies.list(1...25))
        try await server.model.start()
        #expect(server.model.questions.count == 10)
        #expect(Set(server.model.questions.map(\.question)).count == 10)
    }

    @Test func aRightAnswerScoresOneAndEveryAnswerAdvances() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        let first = try #require(server.model.currentQuestion)
        let right = try server.model.answer(index: first.correct)
        #expect(right == TriviaAnswer(number: 1, index: first.correct, correctIndex: first.correct, right: true))
        #expect(server.model.score == 1)
        #expect(server.model.snapshot.value.number == 2)
        let second = try #require(server.model.currentQuestion)
        #expect(second != first)
        let wrongIndex = (second.correct + 1) % 4
        let wrong = try server.model.answer(index: wrongIndex)
        #expect(wrong.right == false)
        #expect(wrong.correctIndex == second.correct)
        #expect(server.model.score == 1)
        #expect(server.model.snapshot.value.number == 3)
        #expect(server.model.snapshot.value.lastAnswer == wrong)
    }

    @Test func afterTheLastQuestionTheGameIsFinishedWithTheFinalScore() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        try answerAll { $0 % 3 == 0 }
        let snapshot = server.model.snapshot.value
        #expect(snapshot.phase == .finished)
        #expect(snapshot.question == nil)
        #expect(snapshot.number == 10)
        #expect(snapshot.score == 4)
        #expect(throws: ModelError.conflict("No hay ninguna pregunta que responder: empieza una partida.")) {
            try server.model.answer(index: 0)
        }
        #expect(server.model.score == 4)
    }

    @Test func aShortListMakesAShorterGame() async throws {
        server.transport.enqueue(TriviaReplies.list(1...3))
        try await server.model.start()
        #expect(server.model.snapshot.value.total == 3)
        try answerAll { _ in true }
        #expect(server.model.snapshot.value.phase == .finished)
        #expect(server.model.score == 3)
    }

    @Test func answeringBeforeAGameOrOutOfRangeIsRefused() async throws {
        #expect(throws: ModelError.self) { try server.model.answer(index: 0) }
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        for index in [-1, 4, 99] {
            #expect(throws: ModelError.invalid("La respuesta debe ser un número del 0 al 3.")) { try server.model.answer(index: index) }
        }
        #expect(server.model.snapshot.value.number == 1, "a refused answer does not advance")
    }

    @Test func anAnswerToAQuestionTheGameHasLeftIsRefused() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        try server.model.answer(index: 0, question: 1)
        #expect(throws: TriviaGame.movedOn) { try server.model.answer(index: 0, question: 1) }
        #expect(server.model.snapshot.value.number == 2, "the stale answer did not count for question 2")
        #expect(server.model.snapshot.value.lastAnswer?.number == 1)
        try server.model.answer(index: 0, question: 2)
        #expect(server.model.snapshot.value.number == 3)
    }

    @Test func restartStartsANewGameFromZero() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        try answerAll { _ in true }
        server.transport.enqueue(TriviaReplies.list(11...20))
        try await server.model.restart()
        let snapshot = server.model.snapshot.value
        #expect(snapshot.phase == .playing)
        #expect(snapshot.score == 0)
        #expect(snapshot.number == 1)
        #expect(snapshot.lastAnswer == nil)
        #expect(snapshot.saved == false)
        #expect(server.model.questions.allSatisfy { (number($0.question) ?? 0) > 10 })
    }

    @Test(arguments: [
        ScriptedTransport.Reply.failure(.offline),
        .failure(.timeout),
        .text("Internal error", status: 500),
        .json(#"{"error":"amount must be a whole number"}"#, status: 400),
        .text("<html><body>Not JSON</body></html>", status: 200, contentType: "text/html"),
        .json(#"[{"question":"q","answers":["#),
        .json(#"{"questions":[]}"#),
        .json("[]"),
        .json(#"[{"question":"q","answers":["a"],"correct":0}]"#),
    ])
    func aFailedDownloadShowsAnErrorAndKeepsTheGame(reply: ScriptedTransport.Reply) async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        try server.model.answer(index: try #require(server.model.currentQuestion).correct)
        let before = server.model.snapshot.value
        server.transport.enqueue(reply)
        await #expect(throws: ModelError.self) { try await server.model.restart() }
        let after = server.model.snapshot.value
        #expect(after.error != nil)
        #expect(after.loading == false)
        #expect(after.question == before.question)
        #expect(after.score == 1)
        #expect(after.number == 2)
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.restart()
        #expect(server.model.error == nil, "a download that works clears the error")
    }

    @Test func aNewerStartSupersedesOneInFlight() async throws {
        let gate = server.transport.enqueueHeld(TriviaReplies.list(1...10))
        server.transport.enqueue(TriviaReplies.list(11...20))
        let older = Task { try await server.model.start() }
        await server.transport.waitForRequests(1)
        #expect(server.model.loading)
        try await server.model.start()
        gate.open()
        try await older.value
        #expect(server.model.questions.allSatisfy { (number($0.question) ?? 0) > 10 }, "the late answer is dropped")
        #expect(server.model.loading == false)
    }

    @Test func theFinishedScoreIsSavedOnceInTheRanking() async throws {
        let ranking = Ranking(store: nil)
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await server.model.start()
        #expect(throws: ModelError.self) { try server.model.saveScore(as: "Ana", in: ranking) }
        try answerAll { $0 < 7 }
        #expect(throws: ModelError.invalid("Escribe tu nombre para guardar la puntuación.")) {
            try server.model.saveScore(as: "   ", in: ranking)
        }
        #expect(server.model.saved == false, "a refused name saves nothing")
        let entry = try server.model.saveScore(as: "  Ana ", in: ranking)
        #expect(entry.name == "Ana")
        #expect(entry.score == 7)
        #expect(server.model.snapshot.value.saved)
        #expect(throws: ModelError.conflict("Esta partida ya está guardada en la clasificación.")) {
            try server.model.saveScore(as: "Ana", in: ranking)
        }
        #expect(ranking.entries.map(\.score) == [7])
    }

    @Test func theSnapshotJSONHasEveryFieldWithNulls() async throws {
        let json = try JSONSerialization.jsonObject(with: server.model.snapshotJSON.value) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["phase", "question", "number", "total", "score", "lastAnswer", "saved", "loading", "error"])
        #expect(json?["question"] is NSNull)
        #expect(json?["phase"] as? String == "idle")
    }
}
