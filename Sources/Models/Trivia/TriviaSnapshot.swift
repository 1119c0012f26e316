import Foundation

/// What the trivia page renders (topic `trivia`, `GET /api/trivia/state`):
/// `{"phase","question":{"text","answers"}|null,"number","total","score",
/// "lastAnswer":TriviaAnswer|null,"saved","loading","error"}`.
public struct TriviaSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// `idle`, `playing` or `finished`.
    public var phase: TriviaPhase
    /// The question waiting for its answer while `playing`, else nil.
    @Nullable public var question: TriviaQuestionView?
    /// The 1-based number of the question shown ("3 / 10"); 0 when idle, `total` when finished.
    public var number: Int
    /// How many questions the game has.
    public var total: Int
    /// Right answers so far (the final score once finished).
    public var score: Int
    /// How the last answer went, or nil at the start of a game.
    @Nullable public var lastAnswer: TriviaAnswer?
    /// Whether this finished game's score is already in the ranking.
    public var saved: Bool
    /// Whether the questions of a new game are being downloaded.
    public var loading: Bool
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?

    /// Makes a snapshot.
    public init(
        phase: TriviaPhase, question: TriviaQuestionView?, number: Int, total: Int, score: Int,
        lastAnswer: TriviaAnswer?, saved: Bool, loading: Bool, error: String?
    ) {
        self.phase = phase
        self.question = question
        self.number = number
        self.total = total
        self.score = score
        self.lastAnswer = lastAnswer
        self.saved = saved
        self.loading = loading
        self.error = error
    }
}
