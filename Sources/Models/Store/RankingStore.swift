import Foundation

/// The trivia ranking kept in the `Store` (table `trivia_ranking`).
public struct RankingStore: Sendable {
    /// The database.
    public let store: Store

    /// A view of the ranking in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Every entry, in ranking order (score descending, then the earlier save first).
    public func entries() throws(StoreError) -> [RankingEntry] {
        try store.read { connection throws(StoreError) in
            var entries: [RankingEntry] = []
            try connection.run(
                "SELECT id, name, score, saved_at FROM trivia_ranking ORDER BY score DESC, saved_at ASC, id ASC"
            ) { row in
                entries.append(
                    RankingEntry(
                        id: row.integer(0), name: row.text(1) ?? "", score: Int(row.integer(2)),
                        date: Date(timeIntervalSince1970: row.real(3))))
            }
            return entries
        }
    }

    /// Adds one entry in its own transaction and returns it with its row id.
    public func add(name: String, score: Int, date: Date) throws(StoreError) -> RankingEntry {
        try store.write { connection throws(StoreError) in
            try connection.run(
                "INSERT INTO trivia_ranking (name, score, saved_at) VALUES (?1, ?2, ?3)",
                [.text(name), .integer(Int64(score)), .real(date.timeIntervalSince1970)])
            return RankingEntry(id: connection.lastInsertedRowID, name: name, score: score, date: date)
        }
    }
}
