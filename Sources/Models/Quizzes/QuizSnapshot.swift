import Foundation

/// What the one-at-a-time page renders (topic `quiz`, `GET /api/quiz/state`):
/// `{"quiz": QuizRow | null, "nomore", "lastResult": {"quizId","answer","result"} | null,
/// "score", "loading", "error", "number"}`.
public struct QuizSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// The quiz being played, or nil (none yet, or no more).
    @Nullable public var quiz: QuizRow?
    /// Whether the server said there are no more quizzes.
    public var nomore: Bool
    /// The last check of the current quiz, or nil.
    @Nullable public var lastResult: QuizCheckResult?
    /// Distinct quizzes answered right in this session.
    public var score: Int
    /// Whether a request for the next quiz is in flight.
    public var loading: Bool
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?
    /// Which quiz of this game `quiz` is (1 for the first the server gave), 0 without a quiz:
    /// the play screen's title ("Quiz 3").
    public var number: Int

    /// Makes a snapshot.
    public init(
        quiz: QuizRow?, nomore: Bool, lastResult: QuizCheckResult?, score: Int, loading: Bool, error: String?,
        number: Int = 0
    ) {
        self.number = number
        self.quiz = quiz
        self.nomore = nomore
        self.lastResult = lastResult
        self.score = score
        self.loading = loading
        self.error = error
    }
}
