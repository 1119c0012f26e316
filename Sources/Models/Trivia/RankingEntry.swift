import Foundation

/// One saved score of the trivia ranking: who, how many right answers, and when.
public struct RankingEntry: Hashable, Sendable, Identifiable {
    /// The row id in the database (save order).
    public var id: Int64
    /// The player's name, trimmed and limited to `Ranking.maxNameLength` characters.
    public var name: String
    /// Right answers of the game.
    public var score: Int
    /// When it was saved.
    public var date: Date

    /// Makes an entry.
    public init(id: Int64, name: String, score: Int, date: Date) {
        self.id = id
        self.name = name
        self.score = score
        self.date = date
    }

    /// Ranking order: higher score first; on a tie, the earlier save first.
    public static func ranksBefore(_ a: RankingEntry, _ b: RankingEntry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.date != b.date { return a.date < b.date }
        return a.id < b.id
    }
}
