import Foundation

/// One post with its article HTML (`GET /api/news/{id}`): every field of `NewsRow` plus
/// `content`, the post's `content.rendered`, to be shown only inside a sandboxed frame, and
/// `fullImage`, the featured image at full size.
public struct NewsArticle: Encodable, Hashable, Sendable {
    /// The post as the list shows it.
    public var row: NewsRow
    /// The article's HTML as the site sent it (scripts and all: the page must sandbox it).
    public var content: String
    /// The featured image at full size, or nil.
    public var fullImage: String?

    /// Makes an article.
    public init(row: NewsRow, content: String, fullImage: String? = nil) {
        self.row = row
        self.content = content
        self.fullImage = fullImage
    }

    private enum CodingKeys: String, CodingKey { case content, fullImage }

    /// Writes the row's fields and `content` in one object.
    public func encode(to encoder: any Encoder) throws {
        try row.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(content, forKey: .content)
        try container.encode(fullImage, forKey: .fullImage)
    }
}
