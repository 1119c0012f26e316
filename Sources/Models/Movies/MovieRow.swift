import Foundation

/// A film as the pages show it: everything but the right answer, and whether it was answered
/// right this session.
public struct MovieRow: GameRow {
    /// The film's id.
    public var id: Int
    /// Its title.
    public var name: String
    /// Its poster (`null` for the placeholder).
    @ImageLink public var image: URL?
    /// The yes/no question about it.
    public var question: String
    /// Whether it was answered right this session.
    public var answeredRight: Bool

    /// Listed as `movies`.
    public static var listKey: String { "movies" }
}

extension MovieItem: GameItem {
    /// The row of this film.
    public func row(answeredRight: Bool) -> MovieRow {
        MovieRow(id: id, name: name, image: image, question: question, answeredRight: answeredRight)
    }
}
