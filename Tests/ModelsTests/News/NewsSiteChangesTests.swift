import Foundation
import ModelsTesting
import Synchronization
import Testing
import TestSupport

@testable import Models

/// The news model against a site that embeds, pages, changes and goes down.
@Suite("NewsModel: embeds, paging, a site that changes, missing names, recovery", .timeLimit(.minutes(5)))
@MainActor
struct NewsSiteChangesTests {
    private let transport = RoutedTransport()
    private let clock = TestClock()
    private typealias Replies = WordPressReplies
    private static let path = WordPressReplies.postsPath

    private func makeModel(retry: [Duration] = [.seconds(3600)]) -> NewsModel {
        let clock = self.clock
        return .testing(over: transport, retry: retry, now: { clock.now })
    }

    /// `count` posts dated one hour apart, newest first, ids `count`…1, embedding their names.
    private func embeddedPosts(_ ids: some Sequence<Int>, authors: Int = 5) -> [String] {
        ids.map { id in
            Replies.embeddedPostJSON(
                id, gmt: Self.gmt(hour: id), author: (id % authors + 1, "Autora \(id % authors + 1)"),
                categories: [(100 + id % 6, "Categoría \(id % 6)")], image: id.isMultiple(of: 2) ? "https://site.test/img\(id)" : nil)
        }
    }

    private static func gmt(hour: Int) -> String {
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        let date = base.addingTimeInterval(Double(hour) * 3600)
        return String(date.formatted(.iso8601).dropLast())
    }

    @Test func aColdStartOnASiteThatEmbedsIsOneRequest() async throws {
        let model = makeModel()
        transport.answer(Self.path, with: Replies.page(embeddedPosts((1...20).reversed()), total: 20, totalPages: 1))
        try await model.reload()
        #expect(transport.requests.count == 1, "posts, authors, categories and images in one request")
        let rows = model.snapshot.value.posts
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.authorName?.hasPrefix("Autora ") == true })
        #expect(rows.allSatisfy { $0.categories.count == 1 && $0.categories[0].name?.hasPrefix("Categoría ") == true })
        #expect(rows.first { $0.id == 20 }?.image == "https://site.test/img20-300x200.jpg", "the medium size in the list")
        #expect(try model.article(postID: 20).fullImage == "https://site.test/img20.jpg", "the full size in the article")
        #expect(rows.first { $0.id == 19 }?.image == nil)
    }

    @Test func aColdStartOnASiteThatDoesNotEmbedAsksEachNameOnce() async throws {
        let model = makeModel()
        let posts = (1...20).reversed().map { Replies.postJSON($0, gmt: Self.gmt(hour: $0), author: $0 % 5 + 1, categories: [100 + $0 % 6]) }
        transport.answer(Self.path, with: Replies.page(posts, total: 20, totalPages: 1))
        try await model.reload()
        #expect(transport.requests.count == 1 + 5 + 6, "the posts, then each author and category once")
    }

    @Test func pagingReachesTheLastPost() async throws {
        let model = makeModel()
        transport.answer(Self.path, page: 1, with: Replies.page(embeddedPosts((27...46).reversed()), total: 46, totalPages: 3))
        transport.answer(Self.path, page: 2, with: Replies.page(embeddedPosts((7...26).reversed()), total: 46, totalPages: 3))
        transport.answer(Self.path, page: 3, with: Replies.page(embeddedPosts((1...6).reversed()), total: 46, totalPages: 3))
        try await model.reload()
        var snapshot = model.snapshot.value
        #expect(snapshot.posts.count == 20)
        #expect(snapshot.total == 46)
        #expect(snapshot.hasMore)
        try await model.loadMore()
        #expect(model.snapshot.value.posts.count == 40)
        #expect(model.snapshot.value.hasMore)
        try await model.loadMore()
        snapshot = model.snapshot.value
        #expect(snapshot.posts.map(\.id) == Array((1...46).reversed()))
        #expect(!snapshot.hasMore)
        try await model.loadMore()
        #expect(transport.count(Self.path) == 3, "nothing is asked past the last page")
        #expect(transport.requests.count == 3, "every name came embedded")
    }

    @Test func aPageThatFailsKeepsWhatIsShownAndCanBeAskedAgain() async throws {
        let model = makeModel()
        transport.answer(Self.path, page: 1, with: Replies.page(embeddedPosts((21...40).reversed()), total: 40, totalPages: 2))
        transport.answer(Self.path, page: 2, with: .failure(.offline))
        try await model.reload()
        await #expect(throws: ModelError.remote(.offline)) { try await model.loadMore() }
        var snapshot = model.snapshot.value
        #expect(snapshot.posts.count == 20)
        #expect(snapshot.moreError != nil)
        #expect(snapshot.error == nil, "the first page is fine: no banner")
        #expect(snapshot.hasMore && !snapshot.loadingMore)
        transport.answer(Self.path, page: 2, with: Replies.page(embeddedPosts((1...20).reversed()), total: 40, totalPages: 2))
        try await model.loadMore()
        snapshot = model.snapshot.value
        #expect(snapshot.posts.count == 40)
        #expect(snapshot.moreError == nil)
        #expect(!snapshot.hasMore)
    }

    @Test func aPagePastTheEndMeansNoMore() async throws {
        let model = makeModel()
        transport.answer(Self.path, page: 1, with: Replies.page(embeddedPosts((11...30).reversed()), total: 40, totalPages: 2))
        transport.answer(
            Self.path, page: 2,
            with: Replies.error(400, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available."))
        try await model.reload()
        try await model.loadMore()
        let snapshot = model.snapshot.value
        #expect(!snapshot.hasMore)
        #expect(snapshot.moreError == nil && snapshot.error == nil)
        #expect(snapshot.posts.count == 20)
    }

    @Test func aPostThatLeavesGoesAwayUnlessItIsAFavouriteWhichStaysMarked() async throws {
        let model = makeModel()
        transport.answer(Self.path, with: Replies.page(embeddedPosts([5, 4, 3, 2, 1]), total: 5, totalPages: 1))
        try await model.reload()
        try model.setFavourite(postID: 3, true)
        transport.answer(Self.path, with: Replies.page(embeddedPosts([5, 1]), total: 2, totalPages: 1))
        try await model.reload()
        var rows = model.snapshot.value.posts
        #expect(rows.map(\.id) == [5, 3, 1], "4 and 2 left; 3 is a favourite")
        #expect(rows.first { $0.id == 3 }?.onSite == false)
        #expect(rows.first { $0.id == 5 }?.onSite == true)
        #expect(try model.article(postID: 3).content == "<p>Contenido 3</p>", "its saved content")
        #expect(throws: ModelError.unknownItem(.post, id: 4)) { try model.article(postID: 4) }

        transport.answer(Self.path, with: Replies.page(embeddedPosts([5, 3, 1]), total: 3, totalPages: 1))
        try await model.reload()
        #expect(model.snapshot.value.posts.first { $0.id == 3 }?.onSite == true, "back on the site")

        transport.answer(Self.path, with: Replies.page(embeddedPosts([5]), total: 1, totalPages: 1))
        try await model.reload()
        #expect(model.gone == [3])
        try model.setFavourite(postID: 3, false)
        rows = model.snapshot.value.posts
        #expect(rows.map(\.id) == [5], "an unmarked favourite that left is forgotten")
    }

    @Test func postsOutsideTheReloadedPageStay() async throws {
        let model = makeModel()
        transport.answer(Self.path, page: 1, with: Replies.page(embeddedPosts((21...40).reversed()), total: 40, totalPages: 2))
        transport.answer(Self.path, page: 2, with: Replies.page(embeddedPosts((1...20).reversed()), total: 40, totalPages: 2))
        try await model.reload()
        try await model.loadMore()
        // Post 30 is trashed: page 1 now runs from 40 to 20.
        transport.answer(
            Self.path, page: 1,
            with: Replies.page(embeddedPosts(Array((31...40).reversed()) + Array((20...29).reversed())), total: 39, totalPages: 2))
        try await model.reload()
        let ids = model.posts.map(\.id)
        #expect(!ids.contains(30))
        #expect(ids.count == 39, "the posts older than page 1 are kept until their page says otherwise")
        #expect(model.snapshot.value.total == 39)
    }

    @Test func namesFollowRenamesAndDeletionsOnReload() async throws {
        let model = makeModel()
        let original = Replies.embeddedPostJSON(
            1, gmt: Self.gmt(hour: 1), author: (7, "Ana"), categories: [(30, "Swift"), (31, "Viejo")])
        transport.answer(Self.path, with: Replies.page([original], total: 1, totalPages: 1))
        try await model.reload()
        #expect(model.snapshot.value.posts[0].categories.map(\.name) == ["Swift", "Viejo"])
        // The author was deleted (WordPress embeds its 404), a category renamed, the other removed.
        let renamed = Replies.embeddedPostJSON(1, gmt: Self.gmt(hour: 1), author: (7, nil), categories: [(30, "Swift 6")])
        transport.answer(Self.path, with: Replies.page([renamed], total: 1, totalPages: 1))
        try await model.reload()
        let row = try #require(model.snapshot.value.posts.first)
        #expect(row.authorName == nil, "the author was deleted: «Autor desconocido»")
        #expect(row.categories.map(\.name) == ["Swift 6"])
        #expect(model.error == nil)
        #expect(transport.requests.count == 2, "a deleted author embedded as 404 is not asked again")
    }

    @Test func namesThatNoEmbedBringsAreAskedAgainAfterADay() async throws {
        let model = makeModel()
        transport.answer(Self.path, with: Replies.posts([Replies.postJSON(1, gmt: Self.gmt(hour: 1), author: 7, categories: [30])]))
        transport.answer(Replies.userPath(7), with: Replies.name(7, "Ana"))
        transport.answer(Replies.categoryPath(30), with: Replies.name(30, "Swift"))
        try await model.reload()
        transport.answer(Replies.userPath(7), with: Replies.name(7, "Ana María"))
        try await model.reload()
        #expect(model.authorName(id: 7) == "Ana", "not asked again the same day")
        clock.advance(by: 25 * 3600)
        try await model.reload()
        #expect(model.authorName(id: 7) == "Ana María")
        #expect(transport.count(Replies.userPath(7)) == 2)
        #expect(transport.count(Replies.categoryPath(30)) == 2)
    }

    @Test func anOutageEndsByItselfAndSaysWhenTheNextTryIs() async throws {
        let model = makeModel(retry: [.milliseconds(40), .milliseconds(80)])
        transport.answer(Self.path, with: .failure(.offline))
        await #expect(throws: ModelError.self) { try await model.reload() }
        #expect(model.error != nil)
        let retryAt = try #require(model.snapshot.value.retryAt)
        #expect(retryAt == clock.now.addingTimeInterval(0.04).formatted(.iso8601))
        try #require(await eventually { transport.count(Self.path) >= 2 })
        #expect(model.error != nil, "still down")
        transport.answer(Self.path, with: Replies.page(embeddedPosts([2, 1]), total: 2, totalPages: 1))
        try #require(await eventually { model.error == nil && !model.posts.isEmpty })
        #expect(model.retryAt == nil)
        #expect(model.snapshot.value.retryAt == nil)
    }

    @Test func aRefusalIsNotRetriedByItself() async throws {
        let model = makeModel(retry: [.milliseconds(1)])
        transport.answer(Self.path, with: Replies.error(401, "rest_forbidden", "Sorry"))
        await #expect(throws: ModelError.self) { try await model.reload() }
        #expect(model.retryAt == nil)
        #expect(transport.count(Self.path) == 1)
    }

    @Test func theRetryScheduleGrowsToAMinute() {
        var schedule = RetrySchedule.standard
        let waits = (0..<7).map { _ in schedule.next() }
        #expect(waits == [.seconds(5), .seconds(10), .seconds(20), .seconds(40), .seconds(60), .seconds(60), .seconds(60)])
        schedule.reset()
        #expect(schedule.next() == .seconds(5))
        #expect(RetrySchedule.isWorthRetrying(.offline) && RetrySchedule.isWorthRetrying(.status(503, nil)))
        #expect(!RetrySchedule.isWorthRetrying(.notFound(nil)) && !RetrySchedule.isWorthRetrying(.status(403, nil)))
    }
}
