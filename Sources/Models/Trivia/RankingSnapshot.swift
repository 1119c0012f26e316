import Foundation

/// What the ranking page renders (topic `ranking`, `GET /api/ranking/state`):
/// `{"entries":[RankingRow],"total","error"}`, best first.
public struct RankingSnapshot: Codable, Hashable, Sendable {
    /// The best `Ranking.shownEntries` entries, in ranking order.
    public var entries: [RankingRow]
    /// How many scores were ever saved.
    public var total: Int
    /// The last failure in Spanish, or nil.
    public var error: String?

    /// Makes a snapshot.
    public init(entries: [RankingRow], total: Int, error: String?) {
        self.entries = entries
        self.total = total
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case entries, total, error }

    /// Writes every field, `error` as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(total, forKey: .total)
        try container.encode(error, forKey: .error)
    }

    /// The JSON bytes sent to the pages.
    public func json() -> Data {
        SnapshotEncoding.encode(self)
    }
}
