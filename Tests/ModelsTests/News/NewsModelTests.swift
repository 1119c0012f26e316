import Foundation
import ModelsTesting
import Testing
import TestSupport

@testable import Models

@Suite("NewsModel: posts, names looked up once and concurrently, progress, failures, favourites", .timeLimit(.minutes(5)))
@MainActor
struct NewsModelTests {
    private let transport = RoutedTransport()
    private let model: NewsModel
    private typealias Replies = WordPressReplies

    init() {
        model = .testing(over: transport)
    }

    /// Three posts: authors 1 and 2, categories 10, 11 and 12, names all answered.
    private func serveASmallSite() {
        transport.answer(
            Replies.postsPath,
            with: Replies.posts([
                Replies.postJSON(1, gmt: "2026-01-01T10:00:00", author: 1, categories: [10, 11]),
                Replies.postJSON(3, gmt: "2026-03-01T10:00:00", author: 2, categories: [11], title: "A &#038; B&#8230;"),
                Replies.postJSON(2, gmt: "2026-02-01T10:00:00", author: 1, categories: [12, 10]),
            ]))
        transport.answer(Replies.userPath(1), with: Replies.name(1, "Ana"))
        transport.answer(Replies.userPath(2), with: Replies.name(2, "Bea"))
        transport.answer(Replies.categoryPath(10), with: Replies.name(10, "Swift"))
        transport.answer(Replies.categoryPath(11), with: Replies.name(11, "Xcode &amp; herramientas"))
        transport.answer(Replies.categoryPath(12), with: Replies.name(12, "Eventos"))
    }

    @Test func reloadShowsThePostsNewestFirstWithEveryName() async throws {
        serveASmallSite()
        try await model.reload()
        #expect(transport.requests.first?.url?.absoluteString == "https://site.test/wp-json/wp/v2/posts?per_page=20&page=1&_embed=author%2Cwp%3Afeaturedmedia%2Cwp%3Aterm")
        let snapshot = model.snapshot.value
        try #require(snapshot.posts.map(\.id) == [3, 2, 1])
        #expect(snapshot.posts[0].title == "A & B…")
        #expect(snapshot.posts[0].authorName == "Bea")
        #expect(snapshot.posts[0].categories == [NewsCategory(id: 11, name: "Xcode & herramientas")])
        #expect(snapshot.posts[1].categories.map(\.name) == ["Eventos", "Swift"], "the post's own order")
        #expect(snapshot.posts[2].excerpt == "Resumen 1 […]")
        #expect(snapshot.posts[2].date == "2026-01-01T10:00:00Z")
        #expect(snapshot.loading == false)
        #expect(snapshot.progress == nil)
        #expect(snapshot.error == nil)
        #expect(snapshot.site == "https://site.test/")
    }

    @Test func eachAuthorAndCategoryIsFetchedOnceAndCached() async throws {
        serveASmallSite()
        try await model.reload()
        try await model.reload()
        for path in [Replies.userPath(1), Replies.userPath(2), Replies.categoryPath(10), Replies.categoryPath(11), Replies.categoryPath(12)] {
            #expect(transport.count(path) == 1, "\(path)")
        }
        #expect(transport.count(Replies.postsPath) == 2)
    }

    @Test func namesAreFetchedConcurrentlyAndThePostsDoNotWaitForThem() async throws {
        serveASmallSite()
        let gates = [Replies.userPath(1), Replies.userPath(2), Replies.categoryPath(10), Replies.categoryPath(11), Replies.categoryPath(12)]
            .map(transport.hold)
        defer { gates.forEach { $0.open() } }
        let reload = Task { try await model.reload() }
        // Every look-up is on the wire at once, while the first is still held back.
        try #require(await eventually { transport.requests.count == 6 })
        let snapshot = model.snapshot.value
        #expect(snapshot.posts.map(\.id) == [3, 2, 1], "the posts show before any name")
        #expect(snapshot.posts.allSatisfy { $0.authorName == nil })
        #expect(snapshot.loading == false)
        #expect(snapshot.progress == NewsProgress(done: 0, total: 5))
        gates[0].open()
        try #require(await eventually { model.progress?.done == 1 })
        #expect(model.authorName(id: 1) == "Ana")
        gates.dropFirst().forEach { $0.open() }
        try await reload.value
        #expect(model.progress == nil)
        #expect(model.categoryName(id: 12) == "Eventos")
    }

    @Test func overlappingReloadsDoNotAskForANameTwice() async throws {
        serveASmallSite()
        let gate = transport.hold(Replies.userPath(1))
        defer { gate.open() }
        let first = Task { try await model.reload() }
        try #require(await eventually { transport.requests.count == 6 })
        try await model.reload()
        #expect(transport.requests.count == 7, "the second reload asked for the posts only")
        try #require(await eventually { model.progress == NewsProgress(done: 4, total: 5) })
        gate.open()
        try await first.value
        #expect(transport.count(Replies.userPath(1)) == 1)
        #expect(transport.count(Replies.categoryPath(10)) == 1)
        #expect(model.authorName(id: 1) == "Ana")
        #expect(model.progress == nil)
    }

    @Test func aMissingAuthorIsAFactAndAFailedLookupIsRetriedLater() async throws {
        serveASmallSite()
        transport.answer(Replies.userPath(2), with: Replies.error(404, "rest_user_invalid_id", "Invalid user ID."))
        transport.answer(Replies.categoryPath(12), with: .failure(.timeout))
        try await model.reload()
        let snapshot = model.snapshot.value
        try #require(snapshot.posts.count == 3)
        #expect(snapshot.posts[0].authorName == nil, "shown as «Autor desconocido»")
        #expect(snapshot.posts[1].authorName == "Ana")
        #expect(snapshot.posts[1].categories.map(\.name) == [nil, "Swift"])
        #expect(snapshot.error?.hasPrefix("No se han podido cargar 1 nombre de autores o categorías.") == true,
            "the 404 is no error; the timeout is")
        #expect(snapshot.progress == nil)

        transport.answer(Replies.userPath(2), with: Replies.name(2, "Bea"))
        transport.answer(Replies.categoryPath(12), with: Replies.name(12, "Eventos"))
        try await model.reload()
        #expect(model.authorName(id: 2) == nil, "a deleted author is not asked again before a day has passed")
        #expect(transport.count(Replies.userPath(2)) == 1)
        #expect(model.categoryName(id: 12) == "Eventos")
        #expect(model.error == nil)
        #expect(transport.count(Replies.userPath(1)) == 1, "what was known is not asked again")
    }

    @Test(arguments: [
        ScriptedTransport.Reply.failure(.offline),
        .failure(.timeout),
        .failure(.tooLarge(limit: 10 * 1_048_576)),
        .text("Internal Server Error", status: 500),
        WordPressReplies.error(400, "rest_invalid_param", "Invalid parameter(s): per_page"),
        WordPressReplies.error(401, "rest_forbidden", "Sorry"),
        .text("<!doctype html><title>Mantenimiento</title>", status: 200, contentType: "text/html"),
        .json(#"[{"id":1,"date":"2026-"#),
        .json(#"{"posts":[]}"#),
        .json(#"[{"id":1},{"id":2}]"#),
    ])
    func aFailedDownloadShowsAnErrorAndKeepsThePosts(reply: ScriptedTransport.Reply) async throws {
        serveASmallSite()
        try await model.reload()
        transport.answer(Replies.postsPath, with: reply)
        await #expect(throws: ModelError.self) { try await model.reload() }
        let snapshot = model.snapshot.value
        #expect(snapshot.posts.map(\.id) == [3, 2, 1])
        #expect(snapshot.error != nil)
        #expect(snapshot.loading == false)
    }

    @Test func anEmptySiteIsNoError() async throws {
        transport.answer(Replies.postsPath, with: .json("[]"))
        try await model.reload()
        #expect(model.posts.isEmpty)
        #expect(model.error == nil)
    }

    @Test func postsThatCannotBeReadAreSkippedAndCounted() async throws {
        serveASmallSite()
        transport.answer(
            Replies.postsPath,
            with: Replies.posts([#"{"id":9,"title":{"rendered":"sin fecha"}}"#, Replies.postJSON(1, gmt: "2026-01-01T10:00:00")]))
        try await model.reload()
        #expect(model.posts.map(\.id) == [1])
        #expect(model.skipped.map(\.id) == ["9"])
        #expect(model.snapshot.value.skipped == 1)
    }

    @Test func reloadAddsUpdatesAndTakesAwayWhatTheSiteNoLongerLists() async throws {
        serveASmallSite()
        try await model.reload()
        transport.answer(
            Replies.postsPath,
            with: Replies.posts([
                Replies.postJSON(4, gmt: "2026-04-01T10:00:00", author: 1),
                Replies.postJSON(2, gmt: "2026-02-01T10:00:00", author: 1, title: "Corregida"),
            ]))
        try await model.reload()
        #expect(model.posts.map(\.id) == [4, 2], "3 and 1 are dated inside the only page and not on it")
        #expect(model.posts.first { $0.id == 2 }?.title == "Corregida")
    }

    @Test func aNewerReloadSupersedesOneInFlight() async throws {
        serveASmallSite()
        let gate = transport.hold(Replies.postsPath)
        defer { gate.open() }
        let older = Task { try await model.reload() }
        try #require(await eventually { transport.count(Replies.postsPath) == 1 })
        #expect(model.loading)
        transport.answer(Replies.postsPath, with: Replies.posts([Replies.postJSON(7, gmt: "2026-05-01T10:00:00")]))
        let newer = Task { try await model.reload() }
        try #require(await eventually { transport.count(Replies.postsPath) == 2 })
        gate.open()
        try await newer.value
        try await older.value
        #expect(model.posts.map(\.id) == [7], "the late answer of the older reload is dropped")
    }

    @Test func favouritesAreMarkedAndUnmarked() async throws {
        serveASmallSite()
        try await model.reload()
        #expect(try model.setFavourite(postID: 2, true))
        #expect(try model.setFavourite(postID: 2, true), "idempotent")
        #expect(model.favourites == [2])
        #expect(model.snapshot.value.posts.filter(\.favourite).map(\.id) == [2])
        #expect(try model.toggleFavourite(postID: 2) == false)
        #expect(model.favourites.isEmpty)
        #expect(throws: ModelError.unknownItem(.post, id: 99)) { try model.setFavourite(postID: 99, true) }
    }

    @Test func theArticleCarriesTheContentHTML() async throws {
        serveASmallSite()
        try await model.reload()
        let article = try model.article(postID: 3)
        #expect(article.content == "<p>Contenido 3</p>")
        #expect(article.row.authorName == "Bea")
        let json = try JSONSerialization.jsonObject(with: SnapshotEncoding.encode(article)) as? [String: Any]
        #expect(json?["content"] as? String == "<p>Contenido 3</p>")
        #expect(json?["title"] as? String == "A & B…")
        #expect(json?["image"] is NSNull)
        #expect(throws: ModelError.unknownItem(.post, id: 5)) { try model.article(postID: 5) }
    }
}
