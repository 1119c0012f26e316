import Foundation

/// Whoever keeps a classroom's results (the results store): `ClassroomRound` tells it when a
/// round starts, each answer as it is judged, and when the round ends. Only the start may
/// throw (the round is then not played: it would record nothing); an answer or an end the
/// recorder can't keep yet it keeps and says so itself (a round never stops for its records).
@MainActor
public protocol RoundRecorder: AnyObject {
    /// A round is about to begin; returns the id its answers and end are recorded under, or
    /// throws (in Spanish) when it cannot be recorded.
    func roundStarted(_ start: RoundStart) throws(ModelError) -> Int
    /// A player's answer to a question of round `roundID`, as judged.
    func answered(_ answer: RoundAnswer, inRound roundID: Int)
    /// Round `roundID` ended at `endedAt` with `players` in the room (who played it).
    func roundEnded(_ roundID: Int, at endedAt: Date, players: [RoundPlayer])
    /// What round `roundID` needs to go on after a restart changed (`checkpoint`), and the
    /// progress of the players in `progress` (by id), kept after every answer reported before.
    func roundChanged(_ roundID: Int, checkpoint: RoundCheckpoint?, progress: [Int: PlayerCheckpoint])
}

extension RoundRecorder {
    /// A recorder that keeps no round to resume ignores its changes.
    public func roundChanged(_ roundID: Int, checkpoint: RoundCheckpoint?, progress: [Int: PlayerCheckpoint]) {}
}

/// A round as it starts: its game, the host's set it plays (nil: the quiz source, or trivia),
/// its questions in order, and when.
public struct RoundStart: Hashable, Sendable {
    /// `quizzes` or `trivia`.
    public var game: ClassroomGame
    /// The id of the host's quiz set played, or nil.
    public var setID: Int?
    /// The set's title as it was when the round started, or nil.
    public var setTitle: String?
    /// Each question, in the round's order (question n is `questions[n - 1]`).
    public var questions: [RecordedQuestion]
    /// The seconds each question has (nil: no timer).
    public var seconds: Int?
    /// Whether a right answer earns speed points (0…1000) instead of 1.
    public var speedPoints: Bool
    /// When it started.
    public var startedAt: Date

    /// Makes a round start.
    public init(
        game: ClassroomGame, setID: Int?, setTitle: String? = nil, questions: [RecordedQuestion], seconds: Int?, speedPoints: Bool,
        startedAt: Date
    ) {
        self.game = game
        self.setID = setID
        self.setTitle = setTitle
        self.questions = questions
        self.seconds = seconds
        self.speedPoints = speedPoints
        self.startedAt = startedAt
    }
}

/// One player's answer to one question of a round.
public struct RoundAnswer: Hashable, Sendable {
    /// The player's id in the room.
    public var playerID: Int
    /// The player's name.
    public var name: String
    /// The question, 1-based.
    public var question: Int
    /// What they answered (a trivia choice's text).
    public var answer: String
    /// Whether it was right.
    public var right: Bool
    /// Seconds from the question opening (for them) to the answer.
    public var seconds: Double
    /// The points it earned.
    public var points: Int
    /// The options it picked (0-based; a choice, true/false or poll), for the chart.
    public var picks: [Int]

    /// Makes an answer record.
    public init(
        playerID: Int, name: String, question: Int, answer: String, right: Bool, seconds: Double, points: Int, picks: [Int] = []
    ) {
        self.playerID = playerID
        self.name = name
        self.question = question
        self.answer = answer
        self.right = right
        self.seconds = seconds
        self.points = points
        self.picks = picks
    }
}

/// A player of a round, as the round ends.
public struct RoundPlayer: Hashable, Sendable {
    /// The player's id in the room.
    public var id: Int
    /// The player's name.
    public var name: String
    /// Their points in the round.
    public var score: Int
    /// How many questions were asked while they were in the class (their "n de m"'s m, as
    /// their phone counts it); nil when not known (a player removed before the end, or a
    /// round kept before it was recorded): every question of the round.
    public var asked: Int?

    /// Makes a round player.
    public init(id: Int, name: String, score: Int, asked: Int? = nil) {
        self.id = id
        self.name = name
        self.score = score
        self.asked = asked
    }
}
