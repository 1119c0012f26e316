/// One place of the podium at the end of a round: `{"position","id","name","score"}`. Players
/// with the same score share a position (1, 1, 3).
public struct ClassroomPodiumRow: Codable, Hashable, Sendable {
    /// 1, 2 or 3.
    public var position: Int
    /// The player's public id.
    public var id: Int
    /// The player's name.
    public var name: String
    /// Right answers in the round.
    public var score: Int

    /// Makes a row.
    public init(position: Int, id: Int, name: String, score: Int) {
        self.position = position
        self.id = id
        self.name = name
        self.score = score
    }
}
