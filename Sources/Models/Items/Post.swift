import Foundation

/// One post of the WordPress REST API (`/wp-json/wp/v2/posts`), the fields the news reader uses.
///
/// Decoding rules: `date` comes from `date_gmt` as UTC, else from `date` (see `WordPressDate`);
/// `jetpack_featured_media_url` that is `""`, missing, null or not a URL means no image;
/// `categories` missing means none; `title`, `excerpt` and `content` keep their `rendered` HTML
/// (`title` and `excerpt` give display text).
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
    /// The featured image (`jetpack_featured_media_url`), if the post has one.
    public var featuredImage: URL?
    /// The author's user id.
    public var author: Int
    /// The ids of its categories, in the post's order.
    public var categories: [Int]

    /// Makes a post.
    public init(
        id: Int, date: Date, link: URL?, titleHTML: String, excerptHTML: String, contentHTML: String,
        featuredImage: URL?, author: Int, categories: [Int]
    ) {
        self.id = id
        self.date = date
        self.link = link
        self.titleHTML = titleHTML
        self.excerptHTML = excerptHTML
        self.contentHTML = contentHTML
        self.featuredImage = featuredImage
        self.author = author
        self.categories = categories
    }

    /// The title as text: references decoded, tags removed.
    public var title: String { HTMLText.plainText(fromHTML: titleHTML) }
    /// The excerpt as text for the list: tags removed, references decoded, spaces collapsed.
    public var excerpt: String { HTMLText.plainText(fromHTML: excerptHTML) }

    private enum CodingKeys: String, CodingKey {
        case id, date, link, title, excerpt, content, author, categories
        case dateGMT = "date_gmt"
        case featuredImage = "jetpack_featured_media_url"
    }

    private struct Rendered: Decodable { var rendered: String }

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
        contentHTML = try container.decodeIfPresent(Rendered.self, forKey: .content)?.rendered ?? ""
        featuredImage = (try? container.decodeIfPresent(String.self, forKey: .featuredImage)).flatMap { $0 }.flatMap(Self.url)
        author = try container.decode(Int.self, forKey: .author)
        categories = try container.decodeIfPresent([Int].self, forKey: .categories) ?? []
    }

    /// A non-empty string as a URL, else nil.
    private static func url(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : URL(string: trimmed)
    }
}

extension Post: ListedItem {
    /// Posts.
    public static var kind: ItemKind { .post }
}
