/// How one answer went: `{"number":3,"index":2,"correctIndex":0,"right":false}`.
public struct TriviaAnswer: Codable, Hashable, Sendable {
    /// The question answered, 1-based.
    public var number: Int
    /// The answer chosen (0-based).
    public var index: Int
    /// The right answer (0-based).
    @Nullable public var correctIndex: Int?
    /// Whether it was right (it scored 1).
    public var right: Bool

    /// Makes an answer report.
    public init(number: Int, index: Int, correctIndex: Int?, right: Bool) {
        self.number = number
        self.index = index
        self.correctIndex = correctIndex
        self.right = right
    }
}
