import Foundation
import ModelsTesting
import Testing

@testable import Models

/// `WordPressClient`: the requests it makes, pages and their headers, plain permalinks.
@Suite("WordPressClient: _embed, pages, X-WP-Total, plain permalinks")
struct WordPressClientTests {
    private typealias Replies = WordPressReplies
    private let transport = RoutedTransport()
    private var client: WordPressClient {
        WordPressClient(siteURL: URL(string: "https://site.test/blog/")!, transport: transport)
    }

    @Test func asksForAPageWithItsEmbedsAndReadsTheTotals() async throws {
        transport.answer("/blog" + Replies.postsPath, with: Replies.page([Replies.postJSON(1, gmt: "2026-01-01T10:00:00")], total: 46, totalPages: 3))
        let page = try await client.posts(page: 2, perPage: 20)
        #expect(page.total == 46)
        #expect(page.totalPages == 3)
        #expect(page.posts.elements.map(\.id) == [1])
        #expect(
            transport.requests.first?.url?.absoluteString
                == "https://site.test/blog/wp-json/wp/v2/posts?per_page=20&page=2&_embed=author%2Cwp%3Afeaturedmedia%2Cwp%3Aterm")
    }

    @Test func aSiteWithPlainPermalinksIsAskedWithRestRouteFromThenOn() async throws {
        let home = ScriptedTransport.Reply.text("<!doctype html><title>Mi blog</title>", status: 200, contentType: "text/html; charset=UTF-8")
        transport.answer("/blog" + Replies.postsPath, with: home)
        transport.answer("/blog/wp-json/wp/v2/users/1", with: home)
        for root in ["/blog", "/blog/"] {  // URL.path may drop the trailing slash
            transport.answer(root, with: Replies.posts([Replies.postJSON(1, gmt: "2026-01-01T10:00:00")]))
        }
        let client = self.client
        let page = try await client.posts(page: 1, perPage: 20)
        #expect(page.posts.elements.map(\.id) == [1])
        #expect(client.usesPlainPermalinks)
        let plain = try #require(transport.requests.last?.url?.absoluteString)
        #expect(plain.hasPrefix("https://site.test/blog/?rest_route=%2Fwp%2Fv2%2Fposts&per_page=20&page=1&_embed="))
        _ = try await client.posts(page: 1, perPage: 20)
        #expect(transport.count("/blog" + Replies.postsPath) == 1, "the pretty form is not tried again")
        #expect(client.request("users/1").url?.absoluteString == "https://site.test/blog/?rest_route=%2Fwp%2Fv2%2Fusers%2F1")
    }

    @Test func htmlInBothFormsIsTheFirstError() async throws {
        let page = ScriptedTransport.Reply.text("<html>Mantenimiento</html>", status: 503, contentType: "text/html")
        transport.answer("/blog" + Replies.postsPath, with: page)
        transport.answer("/blog", with: page)
        transport.answer("/blog/", with: page)
        await #expect(throws: RemoteError.status(503, nil)) { try await client.posts(page: 1, perPage: 20) }
        #expect(!client.usesPlainPermalinks)
    }

    @Test func aPagePastTheEndIsEmpty() async throws {
        transport.answer(
            "/blog" + Replies.postsPath,
            with: Replies.error(400, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available."))
        let page = try await client.posts(page: 4, perPage: 20)
        #expect(page.posts.elements.isEmpty)
        #expect(page.totalPages == 3)
    }
}
