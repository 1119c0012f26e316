import Foundation

/// What the host learns of a kept round: per question, how many answered and got it right and
/// the most given wrong answers; per player, their right answers and points (teachers grade on
/// the count of right answers, not only on speed).
///
/// `percentRight` is of every player of the round (an unanswered question is not right), so a
/// question few reached does not look easy. Wrong answers are grouped as the check compares
/// them and as the question's chart does (`QuestionChart`: trimmed, case-insensitive), shown as
/// first given (trimmed).
public struct RoundReport: Encodable, Hashable, Sendable {
    /// One question's figures.
    public struct Question: Encodable, Hashable, Sendable {
        /// Its number, from 1.
        public var number: Int
        /// Its text.
        public var question: String
        /// How many players answered it.
        public var answered: Int
        /// How many got it right.
        public var right: Int
        /// `right` as a whole percentage of the round's players (0 without players).
        public var percentRight: Int
        /// The most given wrong answers, most given first (at most `QuestionChart.maxAnswers`).
        public var wrongAnswers: [QuestionChart.Answer]
    }

    /// One player's totals.
    public struct PlayerTotal: Encodable, Hashable, Sendable {
        /// Their id in the room.
        public var id: Int
        /// Their name.
        public var name: String
        /// Questions answered.
        public var answered: Int
        /// Questions asked while they were in the class (`RoundPlayer.asked`; every question
        /// when not known): the "m" of their "n de m", as their phone said it.
        public var asked: Int
        /// Right answers.
        public var right: Int
        /// Points earned.
        public var points: Int
    }

    /// The round's summary.
    public var round: RoundSummary
    /// Every question, in order.
    public var questions: [Question]
    /// Every player, the most points first (then the most right answers, then by name).
    public var players: [PlayerTotal]

    /// The report of `record`.
    public init(_ record: RoundRecord) {
        round = record.summary
        let byQuestion = Dictionary(grouping: record.answers, by: \.question)
        let playerCount = record.players.count
        questions = record.questions.enumerated().map { offset, asked in
            let answers = byQuestion[offset + 1] ?? []
            let right = answers.filter(\.right).count
            return Question(
                number: offset + 1, question: asked.text, answered: answers.count, right: right,
                percentRight: playerCount == 0 ? 0 : Int((100 * Double(right) / Double(playerCount)).rounded()),
                wrongAnswers: Self.mostGiven(answers.filter { !$0.right }.map(\.answer)))
        }
        let byPlayer = Dictionary(grouping: record.answers, by: \.playerID)
        players = record.players.map { player in
            let answers = byPlayer[player.id] ?? []
            return PlayerTotal(
                id: player.id, name: player.name, answered: answers.count, asked: player.asked ?? record.questions.count, right: answers.filter(\.right).count,
                points: answers.reduce(0) { $0 + $1.points })
        }.sorted {
            ($0.points, $0.right) != ($1.points, $1.right)
                ? ($0.points, $0.right) > ($1.points, $1.right)
                : ($0.name, $0.id) < ($1.name, $1.id)
        }
    }

    /// The most given of the wrong `answers` (blank ones left out), as the question's chart
    /// groups and ranks them.
    static func mostGiven(_ answers: [String]) -> [QuestionChart.Answer] {
        let given = answers.filter { !LocalQuizFile.normalised($0).isEmpty }.map { (text: $0, right: false) }
        return QuestionChart(question: 0, given: given, players: 0).answers
    }
}
