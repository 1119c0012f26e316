import Foundation

/// One of the two answers of a `BookItem`: its text and a picture of it.
public struct BookAnswer: Codable, Hashable, Sendable {
    /// The answer as the button shows it.
    public var answer: String
    /// Its picture; nil (missing or unusable in the data) means the page shows a placeholder.
    @ImageLink public var photo: URL?
}
