/// One joined player as the room keeps it: the public id and name, the secret session token
/// (only ever given to that player), and the current round's answers and score.
public struct ClassroomPlayer: Hashable, Sendable, Identifiable {
    /// The player's id in the room (1, 2, …, in join order); public.
    public var id: Int
    /// The name shown on the leaderboard (trimmed, unique in the room).
    public var name: String
    /// The secret that identifies the player's requests (kept in an HttpOnly cookie).
    public var token: String
    /// The questions of the current round already answered (1-based numbers).
    public var answered: Set<Int> = []
    /// Points in the current round (1 per right answer, or speed points).
    public var score = 0
    /// The points each answered question earned in the current round, by question number.
    public var points: [Int: Int] = [:]
    /// Right answers in the current round.
    public var rightCount = 0
    /// Host-paced, each answer whose question is still open, by question number: its points
    /// and rightness join `score`, `points` and `rightCount` when it closes, for everybody together.
    var held: [Int: HeldAnswer] = [:]
    /// The short code that gives the player their name and points back on another device
    /// (shown on their own screen only).
    public var rejoinCode: String
    /// Whether they have had no open event stream for a while (`Classroom.awayAfter`).
    public var away = false
    /// Whether the host released their name: the next join with it takes their place and points.
    public var released = false

    /// An answer counted only when its question closes: its points and whether it was right.
    struct HeldAnswer: Hashable, Sendable {
        var points: Int
        var right: Bool
    }

    /// Makes a player with no answers yet.
    public init(id: Int, name: String, token: String, rejoinCode: String = "") {
        self.id = id
        self.name = name
        self.token = token
        self.rejoinCode = rejoinCode
    }
}
