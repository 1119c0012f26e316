/// The favourites of the quizzes of a local `quizzes.json` (practice 4.1), kept in the `Store`
/// under the file's key: with no server, nobody else keeps them.
public struct QuizFavouriteStore: Sendable {
    /// The database.
    public let store: Store
    /// The file's key (`LocalQuizFile.key`).
    public let source: String

    /// A view of the favourites of `source` in `store`.
    public init(store: Store, source: String) {
        self.store = store
        self.source = source
    }

    /// The ids marked as favourites.
    public func quizIDs() throws(StoreError) -> Set<Int> {
        try store.read { connection throws(StoreError) in
            var ids = Set<Int>()
            try connection.run("SELECT quiz_id FROM quiz_local_favourites WHERE source = ?1", [.text(source)]) {
                ids.insert(Int($0.integer(0)))
            }
            return ids
        }
    }

    /// Marks (`favourite`) or unmarks a quiz; doing it twice changes nothing.
    public func set(_ quizID: Int, favourite: Bool) throws(StoreError) {
        let statement = favourite ? Self.mark : Self.unmark
        let values: [SQLiteValue] = [.text(source), .integer(Int64(quizID))]
        try store.write { connection throws(StoreError) in try connection.run(statement, values) }
    }

    private static let mark = "INSERT OR IGNORE INTO quiz_local_favourites (source, quiz_id) VALUES (?1, ?2)"
    private static let unmark = "DELETE FROM quiz_local_favourites WHERE source = ?1 AND quiz_id = ?2"
}
