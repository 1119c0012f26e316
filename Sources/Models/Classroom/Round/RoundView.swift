import Foundation

/// One player's view of the classroom's round (topic `round`, `GET /api/classroom/round`): the
/// room's phase and the player's own question, answer, verdict and standing in one snapshot, so
/// the room's news and the player's never arrive apart.
///
/// `{"phase","round","question","total","selfPaced","kind","text","image","options","multiple","startsAt","deadline",
/// "answered","given","verdict","score","rightCount","asked","previous","rank","players","name","rejoinCode"}`.
///
/// `phase`: `lobby` (no round yet), `question` (their question is open: answer it; before
/// `startsAt` the page counts 3-2-1), `unopened` (self-paced: `POST round/open` shows it),
/// `closed` (the question closed: `verdict`), `waiting` (host-paced: they joined once the
/// question had closed; the next one is theirs), `done` (self-paced: every question answered or
/// over; waiting for the end), `finished` (the round ended: right answers, points, rank).
/// Text, image and options are there only in `question` and `closed` (never which option is
/// right before `verdict`).
public struct RoundView: Codable, Hashable, Sendable {
    /// How the player did on a closed question.
    public struct Verdict: Codable, Hashable, Sendable {
        /// Right or not; null for a poll, or when they did not answer.
        @Nullable public var right: Bool?
        /// The points it earned.
        public var points: Int
        /// The right answer, as text (null: a poll, or the quiz server's question nobody got right).
        @Nullable public var rightAnswer: String?
        /// The right options (0-based), for the tiles; empty for text and number.
        public var rightOptions: [Int]
        /// The set's general feedback for the question (everybody's), or null.
        @Nullable public var feedback: String?
        /// The feedback of the option(s) this player picked (GIFT `#`, Moodle's per-answer
        /// feedback), one per line, or null: each one reads only their own.
        @Nullable public var answerFeedback: String?
    }

    /// Self-paced, how the player's last question went (answered or out of time), shown on the
    /// way to the next one: `{"question","timedOut","right","points","rightAnswer"}`.
    public struct Previous: Codable, Hashable, Sendable {
        public var question: Int
        /// Their time ran out before they answered.
        public var timedOut: Bool
        /// Right or not (null: a poll, out of time, or not known).
        @Nullable public var right: Bool?
        public var points: Int
        /// The right answer as text (null: a poll, or the quiz server's question).
        @Nullable public var rightAnswer: String?
    }

    /// `lobby`, `question`, `unopened`, `closed`, `done` or `finished`.
    public var phase: String
    /// The id of the round it shows (the room's `round`; 0: none yet). What a page keeps of a
    /// question (an answer waiting or sent, a verdict) belongs to this round and that question.
    public var round: Int
    /// The player's question (1-based); 0 in the lobby.
    public var question: Int
    /// Questions in the round.
    public var total: Int
    /// Whether each player goes at their own pace.
    public var selfPaced: Bool
    /// The question's kind, text, image and options' texts (see the type), or null.
    @Nullable public var kind: QuizKind?
    @Nullable public var text: String?
    /// Whether `text` is Markdown (`SetQuiz.markdown`).
    public var markdown: Bool
    @Nullable public var image: String?
    public var options: [String]
    /// A choice answered by marking every right option and sending them; false: one tap.
    public var multiple: Bool
    /// When the question starts (host-paced: after the 3-2-1; self-paced: when they opened it),
    /// in ms since 1970 on the server's clock, or null.
    @Nullable public var startsAt: Int64?
    /// When the player's time for it ends (ms, server clock; their extra time counted), or null.
    @Nullable public var deadline: Int64?
    /// Whether they answered it.
    public var answered: Bool
    /// What they answered, as text (null: nothing yet).
    @Nullable public var given: String?
    /// Once the question closed: how they did.
    @Nullable public var verdict: Verdict?
    /// Their points in the round.
    public var score: Int
    /// Their right answers in the round.
    public var rightCount: Int
    /// How many questions were asked while they were in the class (the "m" of their "n de m
    /// aciertos": not the questions never shown after an early end, nor those before they joined).
    public var asked: Int
    /// Self-paced, their last question answered or out of time (see `Previous`), or null.
    @Nullable public var previous: Previous?
    /// Their place (ties share it; 1 is first).
    public var rank: Int
    /// Players in the room.
    public var players: Int
    /// Their name.
    public var name: String
    /// The short code that gives their name and points back on another device (`POST rejoin`).
    public var rejoinCode: String
}
