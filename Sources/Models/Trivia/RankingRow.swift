import Foundation

/// One line of the ranking as the page shows it:
/// `{"position":1,"name":"Ana","score":9,"date":"2026-11-22T00:10:00Z"}`.
public struct RankingRow: Codable, Hashable, Sendable {
    /// 1-based place in the ranking.
    public var position: Int
    /// The player's name.
    public var name: String
    /// Right answers.
    public var score: Int
    /// When it was saved, ISO 8601 in UTC.
    public var date: String

    /// The row of `entry` at `position`.
    public init(_ entry: RankingEntry, position: Int) {
        self.position = position
        name = entry.name
        score = entry.score
        date = entry.date.formatted(.iso8601)
    }
}
