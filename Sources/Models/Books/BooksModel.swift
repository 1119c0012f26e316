import Foundation
import Signals

/// The Books exam (June 2024): the list of `BookItem` downloaded from the configured URL, one
/// shared instance for every page (the exam's environment object). The player picks answer 1
/// or 2 of a question; the model knows the solution, so the answer is judged here.
///
/// State and snapshot are those of `ListGame`: `{"books":[BookRow], "lastResult", "score",
/// "loading", "error"}`. A newer download supersedes one in flight; a failure shows a Spanish
/// error and keeps the last good list.
@MainActor
public final class BooksModel {
    /// The books service this model downloads from.
    public let client: JSONListClient<BookItem>
    /// The list, the answers of the session and the snapshot.
    public let game = ListGame<BookItem, Int>()

    /// A model for the list at `client.url`, empty until `download()`.
    public init(client: JSONListClient<BookItem>) {
        self.client = client
    }

    /// The book questions, in the service's order.
    public var books: [BookItem] { game.items }
    /// What the Books pages render.
    public var snapshot: Computed<BooksSnapshot> { game.snapshot }
    /// The Books snapshot as JSON, encoded once per change.
    public var snapshotJSON: Computed<Data> { game.snapshotJSON }

    /// Replaces the list with a fresh `GET` of the configured URL; the score stays (it counts
    /// the session's right answers, and ids stay the same questions).
    public func download() async throws(ModelError) {
        let client = self.client
        try await game.list.download { () async throws(RemoteError) in try await client.download() }
    }

    /// Judges `choice` (1 or 2) for the question `bookID`; a right answer counts for the score.
    public func answer(bookID: Int, choice: Int) throws(ModelError) -> AnswerResult<Int> {
        let book = try game.list.item(bookID)
        return game.record(id: bookID, answer: try OneOrTwo.validated(choice), solution: book.solution)
    }
}

/// What the Books pages render (topic `books`, `GET /api/books/state`).
public typealias BooksSnapshot = ListGameSnapshot<BookRow, Int>
