import Foundation

/// What the news pages render (topic `news`, `GET /api/news/state`):
/// `{"posts":[NewsRow],"site","loading","progress":NewsProgress|null,"skipped","error","total",
/// "hasMore","loadingMore","moreError","retryAt"}`.
public struct NewsSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// Every post kept, newest first: those on the site (the Noticias tab) and favourites that
    /// left it (`onSite` false; only the Favoritos tab shows them).
    public var posts: [NewsRow]
    /// The site's address.
    public var site: String
    /// Whether the first page is being downloaded.
    public var loading: Bool
    /// The author and category look-ups in flight, or nil when there are none.
    @Nullable public var progress: NewsProgress?
    /// How many posts of the last download could not be read.
    public var skipped: Int
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?
    /// How many posts the site publishes (`X-WP-Total`), or nil if it has not said.
    @Nullable public var total: Int?
    /// Whether the site has posts past the pages loaded (`POST /api/news/more` loads the next).
    public var hasMore: Bool
    /// Whether the next page is being downloaded.
    public var loadingMore: Bool
    /// Why the last next-page download failed, in Spanish, or nil.
    @Nullable public var moreError: String?
    /// When the next automatic try after a failed download is (ISO 8601, UTC), or nil.
    @Nullable public var retryAt: String?

    /// Makes a snapshot.
    public init(
        posts: [NewsRow], site: String, loading: Bool, progress: NewsProgress?, skipped: Int, error: String?,
        total: Int? = nil, hasMore: Bool = false, loadingMore: Bool = false, moreError: String? = nil, retryAt: String? = nil
    ) {
        self.posts = posts
        self.site = site
        self.loading = loading
        self.progress = progress
        self.skipped = skipped
        self.error = error
        self.total = total
        self.hasMore = hasMore
        self.loadingMore = loadingMore
        self.moreError = moreError
        self.retryAt = retryAt
    }
}
