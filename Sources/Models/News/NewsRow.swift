import Foundation

/// One post as the news list shows it: `{"id","date","link","title","excerpt","image","authorId",
/// "authorName","categories":[NewsCategory],"favourite","onSite","protected"}`; text is plain
/// text ("(Sin título)" for a post without a title), URLs are strings or null, `date` is ISO 8601
/// in UTC (pages show it in the browser's zone).
public struct NewsRow: Codable, Hashable, Sendable {
    /// The post id.
    public var id: Int
    /// When it was published (`2026-11-10T16:05:00Z`).
    public var date: String
    /// The post's page on the site, or nil.
    @Nullable public var link: String?
    /// The title as text.
    public var title: String
    /// The excerpt as text.
    public var excerpt: String
    /// The featured image URL in the size for a row, or nil.
    @Nullable public var image: String?
    /// The author's user id.
    public var authorId: Int
    /// The author's name, or nil while unknown or when the site has no such user.
    @Nullable public var authorName: String?
    /// The categories in the post's order (those the site says are gone left out).
    public var categories: [NewsCategory]
    /// Whether it is a favourite.
    public var favourite: Bool
    /// Whether the site still publishes it (false only for a favourite that left the site).
    public var onSite: Bool
    /// Whether it needs a password to read on the site.
    public var isProtected: Bool

    /// The row of `post` with the names known so far.
    public init(
        _ post: Post, authorName: String?, categoryNames: [Int: String], missingCategories: Set<Int> = [],
        favourite: Bool, onSite: Bool = true
    ) {
        id = post.id
        date = post.date.formatted(.iso8601)
        link = post.link?.absoluteString
        title = post.title
        excerpt = post.excerpt
        image = post.featuredImage?.absoluteString
        authorId = post.author
        self.authorName = authorName
        categories = post.categories.filter { !missingCategories.contains($0) }.map {
            NewsCategory(id: $0, name: categoryNames[$0])
        }
        self.favourite = favourite
        self.onSite = onSite
        isProtected = post.isProtected
    }

    private enum CodingKeys: String, CodingKey {
        case id, date, link, title, excerpt, image, authorId, authorName, categories, favourite, onSite
        case isProtected = "protected"
    }
}
