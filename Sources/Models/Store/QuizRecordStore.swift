/// The Quizzes record kept in the `Store`: the ids of the quizzes ever answered right, for one
/// quiz server (quiz ids mean nothing across servers).
public struct QuizRecordStore: Sendable {
    /// The database.
    public let store: Store
    /// The server's key (`QuizServerClient.serverKey`).
    public let server: String

    /// A view of the record of `server` in `store`.
    public init(store: Store, server: String) {
        self.store = store
        self.server = server
    }

    /// Every quiz id ever answered right on this server.
    public func quizIDs() throws(StoreError) -> Set<Int> {
        try store.read { connection throws(StoreError) in
            var ids = Set<Int>()
            try connection.run("SELECT quiz_id FROM quiz_record WHERE server = ?1", [.text(server)]) {
                ids.insert(Int($0.integer(0)))
            }
            return ids
        }
    }

    /// Adds `quizIDs` in one transaction; returns how many were new.
    @discardableResult
    public func add(_ quizIDs: some Sequence<Int>) throws(StoreError) -> Int {
        let ids = Array(quizIDs)
        let server = self.server
        return try store.write { connection throws(StoreError) in
            var added = 0
            for id in ids {
                try connection.run(
                    "INSERT OR IGNORE INTO quiz_record (server, quiz_id) VALUES (?1, ?2)", [.text(server), .integer(Int64(id))])
                added += connection.changes
            }
            return added
        }
    }
}
