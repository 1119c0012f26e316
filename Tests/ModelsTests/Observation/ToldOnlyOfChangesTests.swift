import Foundation
import ModelsTesting
import Testing

@testable import Models

/// Each model's actions, one after another, with a view of every observed property: a view is
/// told of each change of what it shows, once per new value, and of nothing an action leaves
/// equal (`PropertyViews`). The classroom-only entry points of the games are left out.
@Suite("A view is told only what changed, for every observed property", .timeLimit(.minutes(5)))
@MainActor
struct ToldOnlyOfChangesTests {
    private static let unauthorized = ScriptedTransport.Reply.text("Unauthorized", status: 401)

    @Test func quizzes() async throws {
        let server = ScriptedTransport()
        let model = QuizzesModel.testing(over: server)
        let views = PropertyViews(of: model)
        await views.expectToldOnlyOfChanges("a failed download") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await model.download() }
        }
        try await views.expectToldOnlyOfChanges("a download with an unreadable quiz") {
            server.enqueue(.json("[" + QuizReplies.itemJSON(1) + "," + QuizReplies.itemJSON(2) + #",{"id":"x"}]"#))
            try await model.download()
        }
        #expect(model.quizzes.map(\.id) == [1, 2] && model.skipped.count == 1 && model.error == nil)
        try await views.expectToldOnlyOfChanges("a wrong answer") {
            server.enqueue(QuizReplies.check(1, "x", right: false))
            _ = try await model.check(quizID: 1, answer: "x")
        }
        try await views.expectToldOnlyOfChanges("a right answer") {
            server.enqueue(QuizReplies.check(1, "a", right: true))
            _ = try await model.check(quizID: 1, answer: "a")
        }
        #expect(model.score == 1 && model.record == 1)
        try await views.expectToldOnlyOfChanges("the same quiz right again") {
            server.enqueue(QuizReplies.check(1, "a", right: true))
            _ = try await model.check(quizID: 1, answer: "a")
        }
        await views.expectToldOnlyOfChanges("only the unanswered") { model.setOnlyUnanswered(true) }
        #expect(model.visibleQuizzes.map(\.id) == [2])
        await views.expectToldOnlyOfChanges("the same filter again") { model.setOnlyUnanswered(true) }
        try await views.expectToldOnlyOfChanges("a favourite") {
            server.enqueue(QuizReplies.favourite(2, true))
            try await model.toggleFavourite(quizID: 2)
        }
        try await views.expectToldOnlyOfChanges("the answer revealed") {
            server.enqueue(QuizReplies.answer(2, "b"))
            _ = try await model.answer(quizID: 2)
        }
        try await views.expectToldOnlyOfChanges("the same list again: a new round") {
            server.enqueue(QuizReplies.list([1, 2]))
            try await model.download()
        }
        #expect(model.score == 0 && model.record == 1 && model.skipped.isEmpty)
        views.expectEachChangedAndLeftEqual()
    }

    @Test func quiz() async throws {
        let server = ScriptedTransport()
        let model = QuizModel.testing(over: server)
        let views = PropertyViews(of: model)
        await views.expectToldOnlyOfChanges("a failed draw") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await model.next() }
        }
        try await views.expectToldOnlyOfChanges("a quiz drawn") {
            server.enqueue(QuizReplies.random(7))
            try await model.next()
        }
        for right in [false, true, true] {
            try await views.expectToldOnlyOfChanges(right ? "a right answer" : "a wrong answer") {
                server.enqueue(QuizReplies.check(7, right ? "a" : "x", right: right))
                _ = try await model.check(quizID: 7, answer: right ? "a" : "x")
            }
        }
        #expect(model.score == 1)
        try await views.expectToldOnlyOfChanges("a favourite") {
            server.enqueue(QuizReplies.favourite(7, true))
            try await model.toggleFavourite(quizID: 7)
        }
        try await views.expectToldOnlyOfChanges("no more quizzes") {
            server.enqueue(.json(#"{"nomore":true}"#))
            try await model.next()
        }
        try await views.expectToldOnlyOfChanges("no more again") {
            server.enqueue(.json(#"{"nomore":true}"#))
            try await model.next()
        }
        views.expectEachChangedAndLeftEqual()
    }

    @Test func triviaAndRanking() async throws {
        let server = ScriptedTransport()
        let game = TriviaGame.testing(over: server, seed: 7)
        let ranking = Ranking(store: nil)
        let views = PropertyViews(of: game)
        let rankingViews = PropertyViews(of: ranking)
        await views.expectToldOnlyOfChanges("a failed start") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await game.start() }
        }
        try await views.expectToldOnlyOfChanges("a start") {
            server.enqueue(TriviaReplies.list(1...10))
            try await game.start()
        }
        var right = true
        while let question = game.currentQuestion {
            try await views.expectToldOnlyOfChanges(right ? "a right answer" : "a wrong answer") {
                _ = try game.answer(index: right ? question.correct : (question.correct + 1) % question.answers.count)
            }
            right.toggle()
        }
        #expect(game.phase == .finished && game.score == 5)
        await views.expectToldOnlyOfChanges("an answer after the end") {
            #expect(throws: ModelError.self) { try game.answer(index: 0) }
        }
        try await rankingViews.expectToldOnlyOfChanges("a score saved") {
            try await views.expectToldOnlyOfChanges("a score saved") { _ = try game.saveScore(as: "Ana", in: ranking) }
        }
        await rankingViews.expectToldOnlyOfChanges("a name refused") {
            #expect(throws: ModelError.self) { try ranking.save(name: " ", score: 1) }
        }
        try await views.expectToldOnlyOfChanges("a restart") {
            server.enqueue(TriviaReplies.list(1...10))
            try await game.restart()
        }
        // Only a failing store sets the ranking's error.
        views.expectEachChangedAndLeftEqual()
        rankingViews.expectEachChangedAndLeftEqual(except: ["error"])
    }

    @Test func books() async throws {
        let server = ScriptedTransport()
        let model = BooksModel(client: JSONListClient(url: try #require(URL(string: "https://ibros.test/")), transport: server))
        let views = PropertyViews(of: model.game)
        await views.expectToldOnlyOfChanges("a failed download") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await model.download() }
        }
        try await views.expectToldOnlyOfChanges("a download with an unreadable book") {
            server.enqueue(.json("[" + BookReplies.itemJSON(1) + "," + BookReplies.itemJSON(2) + #",{"id":"x"}]"#))
            try await model.download()
        }
        #expect(model.books.count == 2 && model.game.skipped.count == 1)
        for (choice, label) in [(2, "a wrong answer"), (1, "a right answer"), (1, "the same book right again")] {
            await views.expectToldOnlyOfChanges(label) { _ = try? model.answer(bookID: 1, choice: choice) }
        }
        #expect(model.score == 1)
        await views.expectToldOnlyOfChanges("an unknown book") {
            #expect(throws: ModelError.self) { try model.answer(bookID: 9, choice: 1) }
        }
        try await views.expectToldOnlyOfChanges("the same list again") {
            server.enqueue(BookReplies.list([1, 2]))
            try await model.download()
        }
        views.expectEachChangedAndLeftEqual()
    }

    @Test func movies() async throws {
        let server = ScriptedTransport()
        let model = MoviesModel(client: JSONListClient(url: try #require(URL(string: "http://pelis.test/movies.json")), transport: server))
        let views = PropertyViews(of: model.game)
        try await views.expectToldOnlyOfChanges("a download") {
            server.enqueue(MoviesModelTests.list([1, 2]))
            try await model.download()
        }
        for (answer, label) in [(false, "an answer"), (true, "another answer"), (true, "the same answer again")] {
            await views.expectToldOnlyOfChanges(label) { _ = try? model.answer(movieID: 2, answer: answer) }
        }
        #expect(model.score == 1)
        await views.expectToldOnlyOfChanges("a failed download") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await model.download() }
        }
        // The skipped items are tried with the books: the same `ListGame`.
        views.expectEachChangedAndLeftEqual(except: ["skipped"])
    }

    @Test func matches() async throws {
        let server = ScriptedTransport()
        let model = MatchesModel(client: MatchesClient(baseURL: try #require(URL(string: "http://matches.test")), transport: server))
        let views = PropertyViews(of: model)
        let gameViews = PropertyViews(of: model.game)
        func both(_ label: String, _ action: () async throws -> Void) async rethrows {
            try await views.expectToldOnlyOfChanges(label) { try await gameViews.expectToldOnlyOfChanges(label, action) }
        }
        try await both("a download") {
            server.enqueue(MatchReplies.list([1, 2, 3]))
            try await model.download()
        }
        try await both("a match picked") { try model.select(id: 1) }
        try await both("the same match again") { try model.select(id: 1) }
        for right in [false, true, true] {
            try await both(right ? "a right guess" : "a wrong guess") {
                server.enqueue(MatchReplies.check(1, right: right))
                _ = try await model.check(id: 1, winner: 1)
            }
        }
        #expect(model.score == 1 && model.rightResponse == true)
        try await both("another match") { try model.select(id: 2) }
        try await both("back to the list") { try model.select(id: nil) }
        await both("a failed download") {
            server.enqueue(Self.unauthorized)
            await #expect(throws: ModelError.self) { try await model.download() }
        }
        views.expectEachChangedAndLeftEqual()
        gameViews.expectEachChangedAndLeftEqual(except: ["skipped"])
    }
}
