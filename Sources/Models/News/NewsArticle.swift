import Foundation

/// One post with its article HTML (`GET /api/news/{id}`): every field of `NewsRow` plus
/// `content`, the post's `content.rendered`, to be shown only inside a sandboxed frame.
public struct NewsArticle: Encodable, Hashable, Sendable {
    /// The post as the list shows it.
    public var row: NewsRow
    /// The article's HTML as the site sent it (scripts and all: the page must sandbox it).
    public var content: String

    /// Makes an article.
    public init(row: NewsRow, content: String) {
        self.row = row
        self.content = content
    }

    private enum CodingKeys: String, CodingKey { case content }

    /// Writes the row's fields and `content` in one object.
    public func encode(to encoder: any Encoder) throws {
        try row.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(content, forKey: .content)
    }
}
