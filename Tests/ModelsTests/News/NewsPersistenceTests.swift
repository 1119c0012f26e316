import Foundation
import ModelsTesting
import Testing
import TestSupport

@testable import Models

@Suite("NewsModel persistence: posts, names and favourites kept per site across reopening", .timeLimit(.minutes(5)))
@MainActor
struct NewsPersistenceTests {
    private let directory = TestFiles.scratch("adivina-news")
    private typealias Replies = WordPressReplies

    private func makeModel(_ transport: RoutedTransport, site: String = "site.test") throws -> NewsModel {
        .testing(over: transport, site: site, store: try Store(directory: directory))
    }

    private func servedSite() -> RoutedTransport {
        let transport = RoutedTransport()
        transport.answer(
            Replies.postsPath,
            with: Replies.posts([
                Replies.postJSON(1, gmt: "2026-01-01T10:00:00", author: 1, categories: [10, 11], image: "https://site.test/a.svg"),
                Replies.postJSON(2, gmt: "2026-02-01T10:00:00", author: 2, categories: [11], title: "Dos &#8211; bis"),
            ]))
        transport.answer(Replies.userPath(1), with: Replies.name(1, "Ana"))
        transport.answer(Replies.userPath(2), with: Replies.name(2, "Bea"))
        transport.answer(Replies.categoryPath(10), with: Replies.name(10, "Swift"))
        transport.answer(Replies.categoryPath(11), with: Replies.name(11, "A &amp; B"))
        return transport
    }

    @Test func startsFromTheStoredDataWithoutTheNetwork() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try makeModel(servedSite())
        try await first.reload()
        try first.setFavourite(postID: 1, true)
        let before = first.snapshot.value

        let offline = RoutedTransport()
        offline.answer(Replies.postsPath, with: .failure(.offline))
        let second = try makeModel(offline)
        #expect(second.snapshot.value.posts == before.posts, "same rows, names, categories, favourites")
        #expect(second.favourites == [1])
        #expect(second.posts.first { $0.id == 1 }?.featuredImage == URL(string: "https://site.test/a.svg"))
        #expect(second.posts.first { $0.id == 2 }?.title == "Dos – bis")
        await #expect(throws: ModelError.self) { try await second.reload() }
        #expect(second.posts.map(\.id) == [2, 1], "a failed refresh keeps the stored posts")
        #expect(offline.count(Replies.userPath(1)) == 0, "stored names are not asked again")
    }

    @Test func aRefreshUpsertsTakesAwayWhatLeftAndKeepsFavourites() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try makeModel(servedSite())
        try await first.reload()
        try first.setFavourite(postID: 2, true)

        let newer = servedSite()
        newer.answer(
            Replies.postsPath,
            with: Replies.posts([
                Replies.postJSON(3, gmt: "2026-03-01T10:00:00", author: 1, categories: [12]),
                Replies.postJSON(2, gmt: "2026-02-01T10:00:00", author: 2, categories: [10], title: "Dos corregida"),
            ]))
        newer.answer(Replies.categoryPath(12), with: Replies.name(12, "Nueva"))
        let second = try makeModel(newer)
        try await second.reload()
        #expect(second.posts.map(\.id) == [3, 2], "post 1 is no longer published")

        let third = try makeModel(RoutedTransport())
        #expect(third.posts.map(\.id) == [3, 2])
        #expect(third.posts.first { $0.id == 2 }?.title == "Dos corregida")
        #expect(third.posts.first { $0.id == 2 }?.categories == [10], "the categories follow the update")
        #expect(third.categoryName(id: 12) == "Nueva")
        #expect(third.favourites == [2])
        try third.setFavourite(postID: 2, false)
        #expect(try makeModel(RoutedTransport()).favourites.isEmpty)
    }

    @Test func eachSiteKeepsItsOwnData() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try makeModel(servedSite())
        try await first.reload()
        try first.setFavourite(postID: 1, true)
        let other = try makeModel(RoutedTransport(), site: "other.test")
        #expect(other.posts.isEmpty)
        #expect(other.favourites.isEmpty)
    }
}
