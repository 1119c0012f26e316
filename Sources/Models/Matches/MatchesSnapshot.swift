import Foundation

/// What the Matches pages render (topic `matches`, `GET /api/matches/state`), one JSON object:
/// the list game's `{"matches":[MatchRow], "lastResult", "score", "loading", "error"}` and the
/// selection's `{"current", "rightResponse"}`.
public struct MatchesSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// The list, the last answer, score, loading and error.
    public var game: ListGameSnapshot<MatchRow, Int>
    /// The match being played and how the answer went.
    public var selection: MatchSelection

    /// Makes a snapshot.
    init(game: ListGameSnapshot<MatchRow, Int>, selection: MatchSelection) {
        self.game = game
        self.selection = selection
    }

    /// Reads the flat object.
    public init(from decoder: any Decoder) throws {
        game = try ListGameSnapshot(from: decoder)
        selection = try MatchSelection(from: decoder)
    }

    /// Writes both parts into one object.
    public func encode(to encoder: any Encoder) throws {
        try game.encode(to: encoder)
        try selection.encode(to: encoder)
    }
}
