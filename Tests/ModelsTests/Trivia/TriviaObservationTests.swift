import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("TriviaGame and Ranking are Observable: the question, the score, the phase, the ranking", .timeLimit(.minutes(5)))
@MainActor
struct TriviaObservationTests {
    private let server = Scripted { TriviaGame.testing(over: $0, seed: 7) }
    private var game: TriviaGame { server.model }

    private func started() async throws {
        server.transport.enqueue(TriviaReplies.list(1...10))
        try await game.start()
    }

    @Test func startFiresTheQuestionAndThePhaseOnce() async throws {
        let question = tracking { game.currentQuestion?.question }
        let phase = tracking { game.phase }
        try await started()
        #expect(question.count == 1 && phase.count == 1)
        #expect(game.phase == .playing)
    }

    @Test func anAnswerFiresTheQuestionAndARightOneTheScoreButNotThePhase() async throws {
        try await started()
        let question = try #require(game.currentQuestion)
        let next = tracking { game.currentQuestion }
        let score = tracking { game.score }
        let phase = tracking { game.phase }
        try game.answer(index: question.correct)
        #expect(next.count == 1 && score.count == 1)
        #expect(phase.count == 0, "still playing: the phase comes out equal")
        let wrong = tracking { game.score }
        let last = tracking { game.lastAnswer }
        let current = try #require(game.currentQuestion)
        try game.answer(index: (current.correct + 1) % 4)
        #expect(wrong.count == 0 && last.count == 1)
    }

    @Test func savingFiresSavedAndTheRankingsEntries() async throws {
        try await started()
        while game.currentQuestion != nil { try game.answer(index: 0) }
        let ranking = Ranking(store: nil)
        let saved = tracking { game.saved }
        let entries = tracking { ranking.entries.map(\.name) }
        let error = tracking { ranking.error }
        try game.saveScore(as: "Ana", in: ranking)
        #expect(saved.count == 1 && entries.count == 1 && error.count == 0)
        let refused = tracking { ranking.entries }
        #expect(throws: ModelError.self) { try ranking.save(name: " ", score: 1) }
        #expect(refused.count == 0)
    }

    @Test func observedModelsAreReleased() async throws {
        let game = try await isReleasedAfterObserving(over: TriviaReplies.list(1...10)) {
            TriviaGame.testing(over: $0)
        } read: { _ = $0.currentQuestion } change: { try await $0.start() }
        let ranking = await isReleasedAfterObserving { Ranking(store: nil) } read: { _ = $0.entries } change: {
            _ = try? $0.save(name: "Ana", score: 1)
        }
        #expect(game && ranking)
    }
}
