import Foundation
import ModelsTesting
import Signals
import Testing

@testable import Models

@Suite("QuizzesModel is Observable: what a view reads, told once per change that matters", .timeLimit(.minutes(5)))
@MainActor
struct QuizzesModelObservationTests {
    private let quizzes = Scripted { QuizzesModel.testing(over: $0) }
    private var model: QuizzesModel { quizzes.model }

    private func downloaded(_ ids: [Int]) async throws {
        quizzes.transport.enqueue(QuizReplies.list(ids))
        try await model.download()
    }

    /// Checks `answer` to quiz `id`, the server judging it `right`.
    private func check(_ id: Int, _ answer: String, right: Bool) async throws {
        quizzes.transport.enqueue(QuizReplies.check(id, answer, right: right))
        _ = try await model.check(quizID: id, answer: answer)
    }

    @Test func aDownloadFiresTheListOnce() async throws {
        let list = tracking { model.visibleQuizzes.map(\.id) }
        let spinner = tracking { model.loading }
        try await downloaded([1, 2])
        #expect(list.count == 1)
        #expect(spinner.count == 1, "loading went on (and off)")
        #expect(model.visibleQuizzes.map(\.id) == [1, 2])
    }

    @Test func aRightCheckFiresTheScoreAndAWrongOneDoesNot() async throws {
        try await downloaded([1, 2])
        let wrong = tracking { (model.score, model.record) }
        try await check(1, "x", right: false)
        #expect(wrong.count == 0, "a wrong answer leaves score and record as they were")
        let right = tracking { model.score }
        try await check(2, "Roma", right: true)
        #expect(right.count == 1 && model.score == 1)
        let again = tracking { model.score }
        try await check(2, "Roma", right: true)
        #expect(again.count == 0, "the same quiz right twice: the score does not change")
    }

    @Test func aScoreFirstReadInsideABatchIsNotToldOfAWrongAnswer() async throws {
        try await downloaded([1, 2])
        let view = ChangeProbe()
        batch { _ = view.track { model.score } }
        try await check(1, "x", right: false)
        #expect(view.count == 0, "a wrong answer leaves the score as it was")
        let right = ChangeProbe()
        batch { _ = right.track { model.score } }
        try await check(2, "Roma", right: true)
        #expect(right.count == 1 && model.score == 1)
    }

    @Test func aScoreFirstReadWhileTheListArrivesIsToldOnlyOfItsChanges() async throws {
        // A view showing the score once there is a list, rendering again as soon as it is told:
        // its first read of the score comes while the download's change is being told.
        let view = PropertyView("score") { [model] in model.quizzes.isEmpty ? "sin lista" : "\(model.score)" }
        try await downloaded([1, 2])
        try await check(1, "x", right: false)
        try await check(2, "Roma", right: true)
        #expect(view.shown == ["sin lista", "0", "1"].map(AnyHashable.init), "one render per value, none for the wrong answer")
    }

    @Test func aFavouriteFiresTheListAndNotTheScore() async throws {
        try await downloaded([1, 2])
        let list = tracking { model.quizzes.map(\.favourite) }
        let score = tracking { model.score }
        quizzes.transport.enqueue(QuizReplies.favourite(2, true))
        try await model.toggleFavourite(quizID: 2)
        #expect(list.count == 1 && score.count == 0)
        #expect(model.quizzes.map(\.favourite) == [false, true])
    }

    @Test func theFilterFiresTheVisibleListOnlyWhenItHidesSomething() async throws {
        try await downloaded([1, 2])
        let unchanged = tracking { model.visibleQuizzes }
        let flag = tracking { model.onlyUnanswered }
        model.setOnlyUnanswered(true)
        #expect(unchanged.count == 0, "nothing answered yet: the visible list comes out equal")
        #expect(flag.count == 1)
        let hiding = tracking { model.visibleQuizzes }
        try await check(1, "a", right: true)
        #expect(hiding.count == 1 && model.visibleQuizzes.map(\.id) == [2])
    }

    @Test func aFailureIsAnErrorAViewCanShow() async throws {
        let error = tracking { model.error }
        quizzes.transport.enqueue(.text("Unauthorized", status: 401))
        await #expect(throws: ModelError.self) { try await model.download() }
        #expect(error.count == 1)
        #expect(model.error != nil)
    }

    @Test func anObservedModelIsReleased() async throws {
        let released = try await isReleasedAfterObserving(over: QuizReplies.list([1])) {
            QuizzesModel.testing(over: $0)
        } read: { _ = $0.quizzes } change: { try await $0.download() }
        #expect(released)
    }
}
