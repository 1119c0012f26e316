import Foundation

/// A film with a yes/no question, as the Películas exam defines it:
/// `{"id", "name", "image", "question", "answer": true|false}`.
///
/// A missing or unusable image decodes as no image.
public struct MovieItem: Codable, Identifiable, Hashable, Sendable, ListedItem {
    /// The film's id.
    public var id: Int
    /// Its title.
    public var name: String
    /// Its poster; nil means the page shows a placeholder.
    @ImageLink public var image: URL?
    /// A question about it that is answered yes or no.
    public var question: String
    /// The right answer: true for "Sí".
    public var answer: Bool

    /// Films.
    public static var kind: ItemKind { .movie }
}
