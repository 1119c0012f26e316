/// A knockout match of a World Cup, as the Matches exam (December 2022) defines it:
/// `{"id", "phase", "team1": {"name","flag"?}, "team2": {…}, "winner": 1|2, "details"}`.
///
/// There are no draws: `winner` other than 1 or 2 fails this item only.
public struct MatchItem: Codable, Identifiable, Hashable, Sendable, ListedItem {
    /// The match id the server checks answers by.
    public var id: Int
    /// The round and year, e.g. "Octavos de final 2022".
    public var phase: String
    /// The first side.
    public var team1: MatchTeam
    /// The second side.
    public var team2: MatchTeam
    /// Which side won: 1 or 2.
    @OneOrTwo public var winner: Int
    /// How it went (score, scorers), shown once the player has answered.
    public var details: String

    /// Matches.
    public static var kind: ItemKind { .match }
}
