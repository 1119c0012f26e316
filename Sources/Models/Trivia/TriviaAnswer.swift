/// How one answer went: `{"number":3,"index":2,"correctIndex":0,"right":false}`.
///
/// In a classroom round `correctIndex` is null until the question closes for the room (the
/// host moves on, or the round ends): a player learns at once whether they were right, but
/// not which answer was, so a second account can't pass it on.
public struct TriviaAnswer: Codable, Hashable, Sendable {
    /// The question answered, 1-based.
    public var number: Int
    /// The answer chosen (0-based).
    public var index: Int
    /// The right answer (0-based) once the question is closed; nil while it is still open.
    @Nullable public var correctIndex: Int?
    /// Whether it was right (it scored 1).
    public var right: Bool
    /// In a classroom round, the points the answer earned (1 or 0, or speed points); left out
    /// of the JSON when nil.
    public var points: Int?
    /// In a self-paced timed classroom round, when the player's time for their next question
    /// ends (ms since 1970, the server's clock); left out when nil.
    public var nextDeadline: Int64?

    /// Makes an answer report.
    public init(number: Int, index: Int, correctIndex: Int?, right: Bool) {
        self.number = number
        self.index = index
        self.correctIndex = correctIndex
        self.right = right
    }

    /// This report as a player may see it when the questions up to `closed` are closed: the
    /// right answer hidden while its question is open.
    func revealed(through closed: Int) -> TriviaAnswer {
        var report = self
        if number > closed { report.correctIndex = nil }
        return report
    }
}
