/// Where a classroom is: players joining, a round being played, or a round over (podium shown).
public enum ClassroomPhase: String, Codable, Hashable, Sendable {
    /// Players join; the host picks the game. No round has started yet.
    case lobby
    /// A round is being played.
    case playing
    /// The round ended: the podium is shown and the scores are in the ranking.
    case finished
}
