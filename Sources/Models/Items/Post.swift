import Foundation

/// One post of the WordPress REST API (`/wp-json/wp/v2/posts`), the fields the news reader uses.
///
/// Decoding rules: `date` comes from `date_gmt` as UTC, else from `date` (see `WordPressDate`);
/// the featured image comes from `_embedded` (see `PostEmbeds`: the row's size and the full one),
/// else from Jetpack's `jetpack_featured_media_url` (`""`, missing, null or not a URL means no
/// image); `categories` missing means none; `title`, `excerpt` and `content` keep their
/// `rendered` HTML (`title` and `excerpt` give display text); `content.protected` says the post
/// needs a password (its content is then empty).
public struct Post: Decodable, Hashable, Sendable, Identifiable {
    /// The post id.
    public var id: Int
    /// When it was published.
    public var date: Date
    /// The post's page on the site.
    public var link: URL?
    /// `title.rendered`: HTML with character references.
    public var titleHTML: String
    /// `excerpt.rendered`: an HTML fragment.
    public var excerptHTML: String
    /// `content.rendered`: the article's HTML (shown only in a sandboxed frame).
    public var contentHTML: String
    /// The featured image in the size that fits a row, if the post has one.
    public var featuredImage: URL?
    /// The featured image at full size, for the article (nil: use `featuredImage`).
    public var fullImage: URL?
    /// Whether the post needs a password to read (`content.protected`).
    public var isProtected: Bool
    /// The author's user id.
    public var author: Int
    /// The ids of its categories, in the post's order.
    public var categories: [Int]
    /// What `_embed` brought along (names, image sizes); nil for a post read without it or from the store.
    public var embeds: PostEmbeds?

    /// Makes a post.
    public init(
        id: Int, date: Date, link: URL?, titleHTML: String, excerptHTML: String, contentHTML: String,
        featuredImage: URL?, fullImage: URL? = nil, isProtected: Bool = false, author: Int, categories: [Int],
        embeds: PostEmbeds? = nil
    ) {
        self.id = id
        self.date = date
        self.link = link
        self.titleHTML = titleHTML
        self.excerptHTML = excerptHTML
        self.contentHTML = contentHTML
        self.featuredImage = featuredImage
        self.fullImage = fullImage
        self.isProtected = isProtected
        self.author = author
        self.categories = categories
        self.embeds = embeds
    }

    /// What a post without a title shows, everywhere.
    public static let untitled = "(Sin título)"

    /// The title as text: tags removed, references decoded, white space as a browser shows it;
    /// "(Sin título)" when that leaves nothing.
    public var title: String {
        let text = HTMLText.plainText(fromHTML: titleHTML)
        return text.isEmpty ? Self.untitled : text
    }
    /// The excerpt as text for the list: tags removed, references decoded, spaces collapsed.
    public var excerpt: String { HTMLText.plainText(fromHTML: excerptHTML) }

    private enum CodingKeys: String, CodingKey {
        case id, date, link, title, excerpt, content, author, categories
        case dateGMT = "date_gmt"
        case featuredImage = "jetpack_featured_media_url"
        case embedded = "_embedded"
    }

    private struct Rendered: Decodable { var rendered: String }
    private struct Content: Decodable {
        var rendered: String
        var protected: Bool?
    }

    /// Reads a post of the REST API.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let dateText = try container.decodeIfPresent(String.self, forKey: .date)
        let dateGMTText = try container.decodeIfPresent(String.self, forKey: .dateGMT)
        guard let moment = WordPressDate.moment(dateGMT: dateGMTText, date: dateText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container, debugDescription: "fecha no válida (se esperaba \(WordPressDate.format))")
        }
        date = moment
        link = try container.decodeIfPresent(String.self, forKey: .link).flatMap(Self.url)
        titleHTML = try container.decode(Rendered.self, forKey: .title).rendered
        excerptHTML = try container.decodeIfPresent(Rendered.self, forKey: .excerpt)?.rendered ?? ""
        let content = try container.decodeIfPresent(Content.self, forKey: .content)
        contentHTML = content?.rendered ?? ""
        isProtected = content?.protected ?? false
        embeds = (try? container.decodeIfPresent(PostEmbeds.self, forKey: .embedded)) ?? nil
        let jetpack = (try? container.decodeIfPresent(String.self, forKey: .featuredImage)).flatMap { $0 }.flatMap(Self.url)
        featuredImage = embeds?.rowImage ?? jetpack
        fullImage = embeds?.fullImage ?? jetpack
        author = try container.decode(Int.self, forKey: .author)
        categories = try container.decodeIfPresent([Int].self, forKey: .categories) ?? []
    }

    /// A non-empty string as a URL, else nil.
    static func url(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : URL(string: trimmed)
    }
}

extension Post: ListedItem {
    /// Posts.
    public static var kind: ItemKind { .post }
}
