import Foundation
import Observation
import Signals

/// A list game whose items carry their right answer (Books, Películas): the list downloaded from
/// the configured URL, one shared instance for every page (the exams' environment object), and
/// answers judged here. `BooksModel` and `MoviesModel` are its two uses.
///
/// State and snapshot are those of `ListGame`: `{"<list>":[rows], "lastResult", "score",
/// "loading", "error"}`. A newer download supersedes one in flight; a failure shows a Spanish
/// error and keeps the last good list; the score (distinct items answered right this session)
/// survives a reload, since ids keep meaning the same items.
///
/// `Observable`: its properties read `game`'s, so a view reading `score`, `books`… is told of
/// each change of what it read.
@MainActor
public final class JudgedListModel<Item: JudgedItem>: Observable {
    /// The service this model downloads from.
    public let client: JSONListClient<Item>
    /// The list, the answers of the session and the snapshot.
    public let game = ListGame<Item, Item.Answer>()

    /// A model for the list at `client.url`, empty until `download()`.
    public init(client: JSONListClient<Item>) {
        self.client = client
    }

    /// What the pages render.
    public var snapshot: Computed<ListGameSnapshot<Item.Row, Item.Answer>> { game.snapshot }
    /// The snapshot as JSON, encoded once per change.
    public var snapshotJSON: Computed<Data> { game.snapshotJSON }

    /// Distinct items answered right this session.
    public var score: Int { game.score }
    /// The last answer given, or nil.
    public var lastResult: AnswerResult<Item.Answer>? { game.lastResult }
    /// Whether a download is in flight.
    public var loading: Bool { game.loading }
    /// The last failure in Spanish, or nil.
    public var error: String? { game.error }

    /// Replaces the list with a fresh `GET` of the configured URL.
    public func download() async throws(ModelError) {
        let client = self.client
        try await game.list.download { () async throws(RemoteError) in try await client.download() }
    }

    /// Judges `answer` for the item `id`; a right answer counts for the score.
    public func answer(id: Int, _ answer: Item.Answer) throws(ModelError) -> AnswerResult<Item.Answer> {
        let item = try game.list.item(id)
        return game.record(id: id, answer: try Item.validated(answer), solution: item.solution)
    }
}
