/// Where a trivia game is: no game yet, a question waiting for its answer, or every question answered.
public enum TriviaPhase: String, Codable, Hashable, Sendable {
    /// No game has started yet (or the first download is still on its way).
    case idle
    /// A question is waiting for its answer.
    case playing
    /// Every question was answered; the final score can be saved in the ranking.
    case finished
}
