/// A book question as the pages show it: everything but the solution, and whether it was
/// answered right this session.
public struct BookRow: GameRow {
    /// The question's id.
    public var id: Int
    /// The book's title.
    public var book: String
    /// The question.
    public var question: String
    /// Answer 1 with its photo (`null` for the placeholder).
    public var answer1: BookAnswer
    /// Answer 2 with its photo.
    public var answer2: BookAnswer
    /// Whether it was answered right this session.
    public var answeredRight: Bool

    /// Listed as `books`.
    public static var listKey: String { "books" }
}

extension BookItem: GameItem {
    /// The row of this question.
    public func row(answeredRight: Bool) -> BookRow {
        BookRow(id: id, book: book, question: question, answer1: answer1, answer2: answer2, answeredRight: answeredRight)
    }
}
