import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("NewsModel is Observable: the posts, the names, the favourites", .timeLimit(.minutes(5)))
@MainActor
struct NewsModelObservationTests {
    private typealias Replies = WordPressReplies
    private let transport = RoutedTransport()
    private let model: NewsModel

    init() {
        model = .testing(over: transport)
    }

    /// Two posts by author 1, whose name is "Ana".
    private func serveTwoPosts() {
        transport.answer(
            Replies.postsPath,
            with: Replies.posts([
                Replies.postJSON(1, gmt: "2026-01-01T10:00:00"), Replies.postJSON(2, gmt: "2026-02-01T10:00:00"),
            ]))
        transport.answer(Replies.userPath(1), with: Replies.name(1, "Ana"))
    }

    @Test func aReloadFiresThePostsAndTheAuthorsNameOnce() async throws {
        serveTwoPosts()
        let posts = tracking { model.posts.map(\.id) }
        let author = tracking { model.authorName(id: 1) }
        let favourites = tracking { model.favourites }
        try await model.reload()
        #expect(posts.count == 1 && author.count == 1 && favourites.count == 0)
        #expect(model.authorName(id: 1) == "Ana")
        let again = tracking { model.posts }
        try await model.reload()
        #expect(again.count == 0, "the same posts again: nothing a view shows changed")
    }

    @Test func aFavouriteFiresTheFavouritesAndNotThePosts() async throws {
        serveTwoPosts()
        try await model.reload()
        let favourites = tracking { model.favourites }
        let posts = tracking { model.posts }
        try model.setFavourite(postID: 2, true)
        #expect(favourites.count == 1 && posts.count == 0)
        let same = tracking { model.favourites }
        try model.setFavourite(postID: 2, true)
        #expect(same.count == 0, "marking it again changes nothing")
    }

    @Test func aFailureIsAnErrorAViewCanShow() async throws {
        transport.answer(Replies.postsPath, with: Replies.error(500, "boom", "Algo falló"))
        let error = tracking { model.error }
        await #expect(throws: ModelError.self) { try await model.reload() }
        #expect(error.count == 1 && model.error != nil)
    }

    @Test func anObservedModelIsReleased() async throws {
        serveTwoPosts()
        let transport = self.transport
        let released = try await isReleasedAfterObserving {
            NewsModel.testing(over: transport)
        } read: { _ = $0.posts } change: { try await $0.reload() }
        #expect(released)
    }
}
