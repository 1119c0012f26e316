/// The part of the Matches snapshot about the match being played: `{"current": MatchRow | null,
/// "rightResponse": true | false | null}`.
public struct MatchSelection: Codable, Hashable, Sendable {
    /// The current match (with its details once answered), or nil on the list screen.
    @Nullable public var current: MatchRow?
    /// nil until the player picks a winner of the current match, then whether it was right.
    @Nullable public var rightResponse: Bool?
}
