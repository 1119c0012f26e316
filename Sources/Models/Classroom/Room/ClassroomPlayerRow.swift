/// One player as the leaderboard shows it: `{"id","name","score","rightCount","answered","progress","away"}`.
/// Never the player's token or answers.
public struct ClassroomPlayerRow: Codable, Hashable, Sendable {
    /// The player's public id.
    public var id: Int
    /// The name, to be shown as text.
    public var name: String
    /// Right answers in this round.
    public var score: Int
    /// Host-paced: whether the player answered the current question; self-paced: whether the
    /// player answered every question.
    public var answered: Bool
    /// How many questions of the round the player has answered.
    public var progress: Int
    /// Right answers in this round.
    public var rightCount: Int
    /// Whether the player has had no open event stream for a while: not an active row.
    public var away: Bool

    /// Makes a row.
    public init(id: Int, name: String, score: Int, answered: Bool, progress: Int, rightCount: Int = 0, away: Bool = false) {
        self.id = id
        self.name = name
        self.score = score
        self.answered = answered
        self.progress = progress
        self.rightCount = rightCount
        self.away = away
    }
}
