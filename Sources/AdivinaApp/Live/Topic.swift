/// The public names of the live topics a page may ask for on `/api/events?topics=…`; each is an
/// SSE event name too. The local player's topics publish their models; in classroom mode a player
/// has one topic of their own, `round` (named `player/<id>/round` in the hub); the shared ones
/// are the same for everybody.
enum Topic: String, CaseIterable, Sendable {
    case quizzes, quiz, trivia, ranking, books, matches, movies, news
    /// The classroom's leaderboard (only in classroom mode).
    case classroom
    /// A classroom player's view of the round (only in classroom mode).
    case round

    /// Whether every player sees the same topic (the ranking, the leaderboard).
    var isShared: Bool { self == .ranking || self == .classroom }
    /// Whether the topic exists only in classroom mode (the leaderboard, a player's round).
    var isClassroomOnly: Bool { self == .classroom || self == .round }

    /// The topic's name in the hub for classroom player `playerID` (`player/7/round`), or for
    /// the local player (nil): the public name.
    func hubName(playerID: Int?) -> String {
        guard let playerID, !isShared else { return rawValue }
        return "player/\(playerID)/\(rawValue)"
    }

    /// The hub topic every event stream of classroom player `playerID` also has (nothing is
    /// published on it): removing the player closes their streams by it.
    static func streams(ofPlayer playerID: Int) -> String { "player/\(playerID)" }

    /// The hub topic every event stream from client `address` has in classroom mode (nothing is
    /// published on it): it counts the client's open streams.
    static func client(_ address: String) -> String { "client/\(address)" }
}
