/// A match as the pages show it: never the winner; its `details` only in `current` once the
/// player has answered (null in the list and before the answer).
public struct MatchRow: GameRow {
    /// The match id.
    public var id: Int
    /// The round and year, e.g. "Octavos de final 2022".
    public var phase: String
    /// The first side, with its flag or `null` (the page shows a neutral badge).
    public var team1: MatchTeam
    /// The second side.
    public var team2: MatchTeam
    /// How it went, revealed after the answer; `null` until then.
    @Nullable public var details: String?
    /// Whether it was answered right this session.
    public var answeredRight: Bool

    /// Listed as `matches`.
    public static var listKey: String { "matches" }
}

extension MatchItem: GameItem {
    /// The row of this match, without its details.
    public func row(answeredRight: Bool) -> MatchRow {
        MatchRow(id: id, phase: phase, team1: team1, team2: team2, details: nil, answeredRight: answeredRight)
    }
}
