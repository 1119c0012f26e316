import Foundation

/// What the news pages render (topic `news`, `GET /api/news/state`):
/// `{"posts":[NewsRow],"site","loading","progress":NewsProgress|null,"skipped","error"}`.
public struct NewsSnapshot: Codable, Hashable, Sendable {
    /// Every post kept, newest first (the Favoritos tab filters by `favourite`).
    public var posts: [NewsRow]
    /// The site's address.
    public var site: String
    /// Whether the posts are being downloaded.
    public var loading: Bool
    /// The author and category look-ups in flight, or nil when there are none.
    public var progress: NewsProgress?
    /// How many posts of the last download could not be read.
    public var skipped: Int
    /// The last failure in Spanish, or nil.
    public var error: String?

    /// Makes a snapshot.
    public init(posts: [NewsRow], site: String, loading: Bool, progress: NewsProgress?, skipped: Int, error: String?) {
        self.posts = posts
        self.site = site
        self.loading = loading
        self.progress = progress
        self.skipped = skipped
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case posts, site, loading, progress, skipped, error }

    /// Writes every field, with `null` for what is missing.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(posts, forKey: .posts)
        try container.encode(site, forKey: .site)
        try container.encode(loading, forKey: .loading)
        try container.encode(progress, forKey: .progress)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(error, forKey: .error)
    }

    /// The JSON bytes sent to the pages.
    public func json() -> Data {
        SnapshotEncoding.encode(self)
    }
}
