import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WordPress site's REST API (`<site>/wp-json/wp/v2/…`), the calls the news reader makes.
///
/// `siteURL` is the site's root (`https://example.com/` or the stand-in's
/// `http://127.0.0.1:8080/standin/news`).
public struct WordPressClient: Sendable {
    /// The site's root, where `wp-json` lives.
    public let siteURL: URL
    /// What carries the requests.
    public let transport: any HTTPTransport

    /// Makes a client for the site at `siteURL`.
    public init(siteURL: URL, transport: any HTTPTransport) {
        self.siteURL = siteURL
        self.transport = transport
    }

    /// `GET /wp-json/wp/v2/posts?per_page=N`.
    public func postsRequest(perPage: Int) -> URLRequest {
        ServiceRequest.make("GET", base: siteURL, path: "wp-json/wp/v2/posts", query: [("per_page", String(perPage))])
    }

    /// `GET /wp-json/wp/v2/users/{id}`.
    public func userRequest(id: Int) -> URLRequest {
        ServiceRequest.make("GET", base: siteURL, path: "wp-json/wp/v2/users/\(id)", query: [])
    }

    /// `GET /wp-json/wp/v2/categories/{id}`.
    public func categoryRequest(id: Int) -> URLRequest {
        ServiceRequest.make("GET", base: siteURL, path: "wp-json/wp/v2/categories/\(id)", query: [])
    }

    /// The newest `perPage` posts; posts that cannot be read are in `skipped`. A non-empty list
    /// of which no post can be read is an error.
    public func posts(perPage: Int) async throws(RemoteError) -> LenientList<Post> {
        try await transport.fetch(postsRequest(perPage: perPage), as: LenientList<Post>.self).requireReadableElements()
    }

    /// The user `id` (its `name` is the author's name).
    public func user(id: Int) async throws(RemoteError) -> WordPressName {
        try await transport.fetch(userRequest(id: id), as: WordPressName.self)
    }

    /// The category `id`.
    public func category(id: Int) async throws(RemoteError) -> WordPressName {
        try await transport.fetch(categoryRequest(id: id), as: WordPressName.self)
    }
}
