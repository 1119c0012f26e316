/// One question about a book, as the Books exam (June 2024) defines it:
/// `{"id", "book", "question", "answer1": {"answer","photo"}, "answer2": {…}, "solution": 1|2}`.
///
/// A missing or unusable photo decodes as no photo; a `solution` other than 1 or 2 fails this
/// item only (`LenientList` skips it and says why).
public struct BookItem: Codable, Identifiable, Hashable, Sendable, ListedItem {
    /// The question's id.
    public var id: Int
    /// The book's title.
    public var book: String
    /// The question about it.
    public var question: String
    /// Answer number 1.
    public var answer1: BookAnswer
    /// Answer number 2.
    public var answer2: BookAnswer
    /// Which answer is right: 1 or 2.
    @OneOrTwo public var solution: Int

    /// Questions about books.
    public static var kind: ItemKind { .book }
}
