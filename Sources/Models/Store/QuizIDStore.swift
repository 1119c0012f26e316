/// A set of quiz ids kept in the `Store` under a key: the Quizzes **record** (the quizzes ever
/// answered right, per quiz server: ids mean nothing across servers) or the **favourites** of a
/// local `quizzes.json` (practice 4.1: with no server, nobody else keeps them). One type for
/// both; each keeps its own table (`quiz_record`, `quiz_local_favourites`).
public struct QuizIDStore: Sendable {
    /// Which set, and so which table.
    public enum Kind: Sendable {
        /// The ids ever answered right, keyed by the server (`QuizServerClient.serverKey`).
        case record
        /// The favourites of a local file, keyed by the file (`LocalQuizFile.key`).
        case localFavourites

        fileprivate var table: (name: String, key: String) {
            switch self {
            case .record: ("quiz_record", "server")
            case .localFavourites: ("quiz_local_favourites", "source")
            }
        }
    }

    /// The database.
    public let store: Store
    /// Which set.
    public let kind: Kind
    /// The server's or the file's key.
    public let key: String

    /// A view of the `kind` set of `key` in `store`.
    public init(_ kind: Kind, store: Store, key: String) {
        self.store = store
        self.kind = kind
        self.key = key
    }

    /// Every id in the set.
    public func quizIDs() throws(StoreError) -> Set<Int> {
        let select = "SELECT quiz_id FROM \(kind.table.name) WHERE \(kind.table.key) = ?1"
        return try store.read { connection throws(StoreError) in
            var ids = Set<Int>()
            try connection.run(select, [.text(key)]) { ids.insert(Int($0.integer(0))) }
            return ids
        }
    }

    /// Adds `quizIDs` in one transaction; returns how many were new.
    @discardableResult
    public func add(_ quizIDs: some Sequence<Int>) throws(StoreError) -> Int {
        let ids = Array(quizIDs)
        let (key, insert) = (self.key, "INSERT OR IGNORE INTO \(kind.table.name) (\(kind.table.key), quiz_id) VALUES (?1, ?2)")
        return try store.write { connection throws(StoreError) in
            var added = 0
            for id in ids {
                try connection.run(insert, [.text(key), .integer(Int64(id))])
                added += connection.changes
            }
            return added
        }
    }

    /// Adds (`contained`) or removes one id; doing it twice changes nothing.
    public func set(_ quizID: Int, contained: Bool) throws(StoreError) {
        if contained {
            try add([quizID])
            return
        }
        let delete = "DELETE FROM \(kind.table.name) WHERE \(kind.table.key) = ?1 AND quiz_id = ?2"
        let values: [SQLiteValue] = [.text(key), .integer(Int64(quizID))]
        try store.write { connection throws(StoreError) in try connection.run(delete, values) }
    }
}
