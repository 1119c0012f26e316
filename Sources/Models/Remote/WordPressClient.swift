import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WordPress site's REST API, the calls the news reader makes.
///
/// `siteURL` is the site's root (`https://example.com/` or the stand-in's
/// `http://127.0.0.1:8080/standin/news`). Routes go to `<site>/wp-json/wp/v2/…`; a site with
/// plain permalinks answers that path with an HTML page, so when a `/wp-json/` request gets
/// HTML the client tries the same route once as `<site>/?rest_route=/wp/v2/…` and, if that
/// answers JSON, uses that form from then on.
public struct WordPressClient: Sendable {
    /// The site's root, where `wp-json` lives.
    public let siteURL: URL
    /// What carries the requests.
    public let transport: any HTTPTransport
    private let routing = Routing()

    /// The embeds asked for with the posts: the author, the featured image and the terms.
    public static let embeds = "author,wp:featuredmedia,wp:term"

    /// One page of posts and what the site says about the rest (`X-WP-Total`, `X-WP-TotalPages`).
    public struct PostsPage: Sendable {
        /// The posts of the page; those that cannot be read are in `skipped`.
        public var posts: LenientList<Post>
        /// How many posts the site has, if it said.
        public var total: Int?
        /// How many pages of this size it has, if it said.
        public var totalPages: Int?
    }

    /// Makes a client for the site at `siteURL`.
    public init(siteURL: URL, transport: any HTTPTransport) {
        self.siteURL = siteURL
        self.transport = transport
    }

    /// Whether the site answered only in the plain-permalink form (`?rest_route=`).
    public var usesPlainPermalinks: Bool { routing.plain.withLock { $0 } }

    /// `GET` of `route` (`posts`, `users/3`…) with `query`, in the form the site answers.
    public func request(_ route: String, query: [(name: String, value: String)] = [], plain: Bool? = nil) -> URLRequest {
        if plain ?? usesPlainPermalinks {
            return ServiceRequest.make("GET", base: siteURL, path: "", query: [("rest_route", "/wp/v2/\(route)")] + query)
        }
        return ServiceRequest.make("GET", base: siteURL, path: "wp-json/wp/v2/\(route)", query: query)
    }

    /// `posts?per_page=N&page=P&_embed=…`: one page of posts, newest first, with their author,
    /// featured image and categories embedded.
    public func postsRequest(page: Int, perPage: Int) -> URLRequest {
        request("posts", query: Self.postsQuery(page: page, perPage: perPage))
    }

    private static func postsQuery(page: Int, perPage: Int) -> [(name: String, value: String)] {
        [("per_page", String(perPage)), ("page", String(page)), ("_embed", embeds)]
    }

    /// The page `page` of `perPage` posts. A non-empty list of which no post can be read is an
    /// error; a page past the last one (`400 rest_post_invalid_page_number`) is an empty page.
    public func posts(page: Int = 1, perPage: Int) async throws(RemoteError) -> PostsPage {
        let response = try await get("posts", query: Self.postsQuery(page: page, perPage: perPage))
        if response.head.statusCode == 400, response.errorCode == "rest_post_invalid_page_number" {
            return PostsPage(posts: LenientList(elements: [], skipped: []), total: nil, totalPages: page - 1)
        }
        let list = try response.decoded(as: LenientList<Post>.self).requireReadableElements()
        func header(_ name: String) -> Int? {
            response.head.value(forHTTPHeaderField: name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return PostsPage(posts: list, total: header("X-WP-Total"), totalPages: header("X-WP-TotalPages"))
    }

    /// The user `id` (its `name` is the author's name).
    public func user(id: Int) async throws(RemoteError) -> WordPressName {
        try await get("users/\(id)").decoded(as: WordPressName.self)
    }

    /// The category `id`.
    public func category(id: Int) async throws(RemoteError) -> WordPressName {
        try await get("categories/\(id)").decoded(as: WordPressName.self)
    }

    /// Sends `GET route`, falling back once to `?rest_route=` when the pretty form answers HTML.
    private func get(_ route: String, query: [(name: String, value: String)] = []) async throws(RemoteError)
        -> RemoteResponse
    {
        let plain = usesPlainPermalinks
        let (body, head) = try await transport.send(request(route, query: query, plain: plain))
        let response = RemoteResponse(body: body, head: head)
        guard !plain, response.looksLikeHTML else { return response }
        let (otherBody, otherHead) = try await transport.send(request(route, query: query, plain: true))
        let other = RemoteResponse(body: otherBody, head: otherHead)
        guard !other.looksLikeHTML else { return response }
        routing.plain.withLock { $0 = true }
        return other
    }

    /// Which form of the routes the site answers; shared by the copies of one client.
    private final class Routing: Sendable {
        let plain = Mutex(false)
    }
}
