import Foundation

/// What a post fetched with `_embed` brings along in `_embedded`: its author, its featured image
/// (`wp:featuredmedia`, with the sizes WordPress made) and its terms (`wp:term`), so that one
/// request shows a whole page of posts.
///
/// Read leniently: an embed that is missing, of another shape, or an error object (WordPress
/// embeds `{"code":"rest_user_invalid_id",…,"data":{"status":404}}` for a deleted author) never
/// makes the post unreadable; it is only less known.
public struct PostEmbeds: Decodable, Hashable, Sendable {
    /// What the embed says about the author.
    public enum Author: Hashable, Sendable {
        /// The author's `name` (HTML with references).
        case named(WordPressName)
        /// WordPress answered that the user does not exist (or may not be seen): a fact.
        case missing
    }

    /// The author, if embedded.
    public var author: Author?
    /// The post's categories with their names (terms of taxonomy `category`), if embedded.
    public var categories: [WordPressName]?
    /// The featured image in the size that fits a row (`medium`, else `thumbnail`…), if embedded.
    public var rowImage: URL?
    /// The featured image at its full size, if embedded.
    public var fullImage: URL?

    /// Makes embeds.
    public init(author: Author?, categories: [WordPressName]?, rowImage: URL?, fullImage: URL?) {
        self.author = author
        self.categories = categories
        self.rowImage = rowImage
        self.fullImage = fullImage
    }

    /// The sizes tried for a row, best first: `medium` (≤ 300 px) suits an 80 pt square on a
    /// 2× screen and a Favoritos card; `thumbnail` (150 px) is the smallest that still does.
    public static let rowSizes = ["medium", "thumbnail", "medium_large", "post-thumbnail", "large"]

    private enum CodingKeys: String, CodingKey {
        case author
        case featuredMedia = "wp:featuredmedia"
        case terms = "wp:term"
    }

    private struct AnyObject: Decodable {
        var id: Int?
        var name: String?
        var code: String?
        var taxonomy: String?
    }

    private struct Media: Decodable {
        struct Size: Decodable { var source_url: String? }
        struct Details: Decodable { var sizes: [String: Lenient<Size>]? }
        var source_url: String?
        var media_details: Lenient<Details>?
    }

    /// A value that decodes to nil instead of failing.
    private struct Lenient<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }

    /// Reads `_embedded`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let authors = (try? container.decodeIfPresent([Lenient<AnyObject>].self, forKey: .author)) ?? nil
        if let first = authors?.first?.value {
            if let id = first.id, let name = first.name {
                author = .named(WordPressName(id: id, name: name))
            } else if first.code != nil {
                author = .missing
            }
        }
        if let groups = (try? container.decodeIfPresent([[Lenient<AnyObject>]].self, forKey: .terms)) ?? nil {
            categories = groups.joined().compactMap(\.value).compactMap { term in
                guard term.taxonomy == "category", let id = term.id, let name = term.name else { return nil }
                return WordPressName(id: id, name: name)
            }
        }
        let media = ((try? container.decodeIfPresent([Lenient<Media>].self, forKey: .featuredMedia)) ?? nil)?.first?.value
        fullImage = media?.source_url.flatMap(Post.url)
        let sizes = media?.media_details?.value?.sizes ?? [:]
        rowImage = Self.rowSizes.lazy.compactMap { sizes[$0]?.value?.source_url.flatMap(Post.url) }.first ?? fullImage
    }
}
