import Foundation

/// What the ranking page renders (topic `ranking`, `GET /api/ranking/state`):
/// `{"entries":[RankingRow],"total","error"}`, best first.
public struct RankingSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// The best `Ranking.shownEntries` entries, in ranking order.
    public var entries: [RankingRow]
    /// How many scores were ever saved.
    public var total: Int
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?

    /// Makes a snapshot.
    public init(entries: [RankingRow], total: Int, error: String?) {
        self.entries = entries
        self.total = total
        self.error = error
    }
}
