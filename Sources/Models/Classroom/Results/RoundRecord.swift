import Foundation

/// A round as the results keep it (`RoundResultsStore`): its game and set, when it started and
/// ended, its questions, who played and every answer given. What the results page and the CSV
/// are made from (`RoundReport`, `RoundResultsCSV`).
public struct RoundRecord: Hashable, Sendable {
    /// The round's id in the results.
    public var id: Int
    /// `quizzes` or `trivia`.
    public var game: ClassroomGame
    /// The id of the host's quiz set it played, or nil (the quiz source, or trivia).
    public var setID: Int?
    /// The set's title when the round started, or nil.
    public var setTitle: String?
    /// When it started.
    public var startedAt: Date
    /// When it ended (nil: it never did, e.g. the app stopped mid-round).
    public var endedAt: Date?
    /// Each question as it was asked, in order (question n is `questions[n - 1]`).
    public var questions: [RecordedQuestion]
    /// Who played: everybody in the room at the end and whoever answered, in id order; `score`
    /// is their points at the end (0 for a player removed before it).
    public var players: [RoundPlayer]
    /// Every answer, by question and then player.
    public var answers: [RoundAnswer]
    /// Whether it was closed at a start after the app stopped or crashed during it (its
    /// `endedAt` is that start; the scores are the sums of the answers kept).
    public var interrupted: Bool

    /// Makes a record.
    public init(
        id: Int, game: ClassroomGame, setID: Int?, startedAt: Date, endedAt: Date?, questions: [RecordedQuestion],
        players: [RoundPlayer], answers: [RoundAnswer], setTitle: String? = nil, interrupted: Bool = false
    ) {
        self.interrupted = interrupted
        self.id = id
        self.game = game
        self.setID = setID
        self.setTitle = setTitle
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.questions = questions
        self.players = players
        self.answers = answers
    }

    /// The line of the rounds list.
    public var summary: RoundSummary {
        RoundSummary(
            id: id, game: game, setID: setID, startedAt: startedAt, endedAt: endedAt, players: players.count, setTitle: setTitle,
            interrupted: interrupted)
    }
}

/// A kept round as the list shows it: JSON `{"id","game","set","setTitle","startedAt","endedAt","players","interrupted"}`
/// with ISO 8601 dates (`endedAt` null while it never ended; `interrupted`: closed at a start
/// after the app stopped during it), `set` the set's id or null,
/// `setTitle` its title when the round started or null, and `players` how many played.
public struct RoundSummary: Encodable, Hashable, Sendable {
    /// The round's id.
    public var id: Int
    /// Its game.
    public var game: ClassroomGame
    /// The host's set it played, or nil.
    public var setID: Int?
    /// The set's title when the round started, or nil.
    public var setTitle: String?
    /// When it started.
    public var startedAt: Date
    /// When it ended, or nil.
    public var endedAt: Date?
    /// How many players it had.
    public var players: Int
    /// Whether it was closed at a start after the app stopped during it.
    public var interrupted: Bool

    /// Makes a summary.
    public init(
        id: Int, game: ClassroomGame, setID: Int?, startedAt: Date, endedAt: Date?, players: Int, setTitle: String? = nil,
        interrupted: Bool = false
    ) {
        self.interrupted = interrupted
        self.id = id
        self.game = game
        self.setID = setID
        self.setTitle = setTitle
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.players = players
    }

    private enum CodingKeys: String, CodingKey { case id, game, set, setTitle, startedAt, endedAt, players, interrupted }

    /// Encodes the JSON above (nulls written, dates as ISO 8601 text whatever the encoder's strategy).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(game, forKey: .game)
        try container.encode(setID, forKey: .set)
        try container.encode(setTitle, forKey: .setTitle)
        try container.encode(Self.iso8601(startedAt), forKey: .startedAt)
        try container.encode(endedAt.map(Self.iso8601), forKey: .endedAt)
        try container.encode(players, forKey: .players)
        try container.encode(interrupted, forKey: .interrupted)
    }

    /// `date` as ISO 8601 in UTC with milliseconds (`2026-11-26T04:04:46.120Z`).
    public static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
