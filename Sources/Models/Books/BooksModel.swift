/// The Books exam (June 2024): the list of `BookItem`; the player picks answer 1 or 2.
public typealias BooksModel = JudgedListModel<BookItem>

/// What the Books pages render (topic `books`, `GET /api/books/state`).
public typealias BooksSnapshot = ListGameSnapshot<BookRow, Int>

extension JudgedListModel where Item == BookItem {
    /// The book questions, in the service's order.
    public var books: [BookItem] { game.items }

    /// Judges `choice` (1 or 2) for the question `bookID`.
    public func answer(bookID: Int, choice: Int) throws(ModelError) -> AnswerResult<Int> {
        try answer(id: bookID, choice)
    }
}
