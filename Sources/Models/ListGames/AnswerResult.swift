/// How one answer went, in every list game: `{"id","answer","solution","result","sequence"}`.
///
/// `sequence` numbers the answers of the session (1, 2, 3…), so a page that receives the same
/// result twice (a reconnect) can tell it from a new answer that happens to be equal.
public struct AnswerResult<Answer: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The item answered.
    public var id: Int
    /// What the player chose (1 or 2 for books and matches, true for "Sí" for movies).
    public var answer: Answer
    /// The right answer.
    public var solution: Answer
    /// Whether `answer` is right.
    public var result: Bool
    /// The answer's number in this session, from 1.
    public var sequence: Int
}
