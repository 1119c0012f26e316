import Foundation
import ModelsTesting
import Testing
import TestSupport

@testable import Models

/// As `ToldOnlyOfChangesTests`, for the news reader and the classroom.
@Suite("A view is told only what changed: the news and the classroom", .timeLimit(.minutes(5)))
@MainActor
struct ToldOnlyOfChangesNewsAndClassroomTests {
    private typealias Replies = WordPressReplies

    /// Post `id` by author 1 in category 2 (names the site does not embed), `day` days into 2026.
    private static func post(_ id: Int, day: Int) -> String {
        Replies.postJSON(id, gmt: "2026-01-\(String(format: "%02d", day))T10:00:00", author: 1, categories: [2])
    }

    @Test func news() async throws {
        let transport = RoutedTransport()
        let model = NewsModel.testing(over: transport)
        let views = PropertyViews(of: model)
        let path = Replies.postsPath
        transport.answer(
            path, page: 1,
            with: Replies.page([#"{"id":9,"title":{"rendered":"sin fecha"}}"#, Self.post(2, day: 20), Self.post(1, day: 10)], total: 3, totalPages: 2))
        transport.answer(path, page: 2, with: .failure(.offline))
        transport.answer(Replies.userPath(1), with: Replies.name(1, "Ana"))
        transport.answer(Replies.categoryPath(2), with: Replies.name(2, "Noticias"))
        try await views.expectToldOnlyOfChanges("a first page, its names looked up") {
            try await model.reload()
            try #require(await eventually { model.progress == nil && model.authorName(id: 1) != nil && model.categoryName(id: 2) != nil })
        }
        #expect(model.posts.map(\.id) == [2, 1] && model.skipped.count == 1 && model.hasMore && model.total == 3)
        await views.expectToldOnlyOfChanges("a next page that fails") {
            await #expect(throws: ModelError.self) { try await model.loadMore() }
        }
        #expect(model.moreError != nil)
        transport.answer(path, page: 2, with: Replies.page([Self.post(3, day: 5)], total: 3, totalPages: 2))
        try await views.expectToldOnlyOfChanges("the next page") { try await model.loadMore() }
        #expect(model.posts.map(\.id) == [2, 1, 3] && !model.hasMore && model.moreError == nil)
        try await views.expectToldOnlyOfChanges("a favourite") { _ = try model.setFavourite(postID: 1, true) }
        try await views.expectToldOnlyOfChanges("the same favourite again") { _ = try model.setFavourite(postID: 1, true) }
        transport.answer(path, page: 1, with: Replies.page([Self.post(2, day: 20)], total: 1, totalPages: 1))
        try await views.expectToldOnlyOfChanges("posts that left, a favourite among them") { try await model.reload() }
        #expect(model.gone == [1] && model.posts.map(\.id) == [2, 1])
        transport.answer(path, page: 1, with: .failure(.offline))
        await views.expectToldOnlyOfChanges("the site down") {
            await #expect(throws: ModelError.self) { try await model.reload() }
        }
        #expect(model.error != nil && model.retryAt != nil)
        transport.answer(path, page: 1, with: Replies.page([Self.post(2, day: 20)], total: 1, totalPages: 1))
        try await views.expectToldOnlyOfChanges("the site back") { try await model.reload() }
        #expect(model.error == nil && model.retryAt == nil)
        views.expectEachChangedAndLeftEqual()
    }

    @Test func classroom() async throws {
        let key = "host-key-for-tests"
        let room = Classroom(hostKey: key)
        let views = PropertyViews(of: room)
        var joined: ClassroomPlayer?
        await views.expectToldOnlyOfChanges("a player joins") { joined = try? room.join(name: "Ana") }
        let ana = try #require(joined)
        await views.expectToldOnlyOfChanges("the same name refused") {
            #expect(throws: ModelError.self) { try room.join(name: "ana") }
        }
        let timing = try RoundTiming(seconds: 30, speedPoints: false)
        try await views.expectToldOnlyOfChanges("a game and its timer picked") { try room.pick(.trivia, timing: timing, hostKey: key) }
        try await views.expectToldOnlyOfChanges("the same pick again") { try room.pick(.trivia, timing: timing, hostKey: key) }
        try await views.expectToldOnlyOfChanges("the room locked") { try room.setLocked(true, hostKey: key) }
        let set = QuizSet(id: 1, title: "Capitales", quizzes: [SetQuiz.trueOrFalse("¿Es Madrid la capital?", true)])
        await views.expectToldOnlyOfChanges("a set chosen") { room.show(set: ChosenSet(set)) }
        await views.expectToldOnlyOfChanges("the same set again") { room.show(set: ChosenSet(set)) }
        try await views.expectToldOnlyOfChanges("a round started") { try room.start(questionCount: 3, hostKey: key) }
        let question = RoundQuestion(number: 1, quiz: SetQuiz.trueOrFalse("¿Es Madrid la capital?", true))
        await views.expectToldOnlyOfChanges("a question and its countdown shown") {
            room.open(
                OpenQuestion(question.shown, startsAt: Date(timeIntervalSince1970: 1)),
                deadline: QuestionDeadline(question: 1, openedAt: Date(), seconds: 30))
        }
        await views.expectToldOnlyOfChanges("the question closed with its chart") {
            room.close(1, chart: QuestionChart(question: 1, given: [(text: "a", right: true)], players: 1))
        }
        try await views.expectToldOnlyOfChanges("the next question") { _ = try room.advance(hostKey: key) }
        try await views.expectToldOnlyOfChanges("a right answer") { _ = try room.record(playerID: ana.id, number: 2, right: true) }
        try await views.expectToldOnlyOfChanges("self-paced") { try room.setSelfPaced(true, hostKey: key) }
        try await views.expectToldOnlyOfChanges("self-paced again") { try room.setSelfPaced(true, hostKey: key) }
        try await views.expectToldOnlyOfChanges("the round ended") { _ = try room.end(savingTo: nil, hostKey: key) }
        views.expectEachChangedAndLeftEqual()
    }
}
