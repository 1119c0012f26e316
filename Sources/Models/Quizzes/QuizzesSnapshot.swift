import Foundation

/// What the Quizzes list page renders (topic `quizzes`, `GET /api/quizzes/state`):
/// `{"quizzes":[QuizRow], "score", "record", "onlyUnanswered", "loading", "error", "file", "skipped"}`.
public struct QuizzesSnapshot: Codable, Hashable, Sendable, PageSnapshot {
    /// The quizzes shown (already filtered when `onlyUnanswered`).
    public var quizzes: [QuizRow]
    /// Distinct quizzes answered right since the last download or load.
    public var score: Int
    /// Distinct quizzes ever answered right on this server (persisted).
    public var record: Int
    /// Whether only quizzes not yet answered right are shown.
    public var onlyUnanswered: Bool
    /// Whether a download is in flight.
    public var loading: Bool
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?
    /// The name of the local `quizzes.json` played in practice 4.1's mode, or nil (a server).
    @Nullable public var file: String?
    /// How many items of the last list could not be read (or, from a file, judged) and were left out.
    public var skipped: Int

    /// Makes a snapshot.
    public init(
        quizzes: [QuizRow], score: Int, record: Int, onlyUnanswered: Bool, loading: Bool, error: String?,
        file: String? = nil, skipped: Int = 0
    ) {
        self.quizzes = quizzes
        self.score = score
        self.record = record
        self.onlyUnanswered = onlyUnanswered
        self.loading = loading
        self.error = error
        self.file = file
        self.skipped = skipped
    }
}
