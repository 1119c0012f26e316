/// The game a classroom round plays: a round of quizzes from the quiz source, or trivia questions.
public enum ClassroomGame: String, Codable, Hashable, Sendable, CaseIterable {
    /// Quizzes from the quiz server (or its stand-in), checked by the server.
    case quizzes
    /// Trivia questions with four answers.
    case trivia
}
