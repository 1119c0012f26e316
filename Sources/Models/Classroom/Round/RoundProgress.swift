import Foundation

/// The round being played, question by question: when each question opened (for the room,
/// host-paced; for each player, self-paced) and what each player answered to it (which
/// questions are closed is the room's: `Classroom.closedQuestions`). `ClassroomRound` keeps one
/// per round and decides with it when a question closes, how many points an answer earns and
/// what the chart shows.
@MainActor
final class RoundProgress {
    /// The round's timer, or nil.
    let timing: RoundTiming?
    /// When each question opened for the room (host-paced).
    private var roomOpened: [Int: Date] = [:]
    /// When each question opened for each player (self-paced), by player id, then question.
    private var playerOpened: [Int: [Int: Date]] = [:]
    /// The answers given to each question, in the order they came.
    private var given: [Int: [(playerID: Int, text: String, right: Bool, picks: [Int])]] = [:]

    /// A round with `timing` (nil: untimed).
    init(timing: RoundTiming?) {
        self.timing = timing
    }

    /// Question `number` opens for the room at `date` (host-paced).
    func open(_ number: Int, at date: Date) {
        if roomOpened[number] == nil { roomOpened[number] = date }
    }

    /// Question `number` opens for player `playerID` at `date` (self-paced; the first time counts).
    func open(_ number: Int, for playerID: Int, at date: Date) {
        if playerOpened[playerID, default: [:]][number] == nil { playerOpened[playerID, default: [:]][number] = date }
    }

    /// When question `number` opened for player `playerID`: self-paced, their own opening;
    /// host-paced, the room's. Nil before it opened.
    func opened(_ number: Int, for playerID: Int, selfPaced: Bool) -> Date? {
        selfPaced ? playerOpened[playerID]?[number] : roomOpened[number]
    }

    /// When question `number` opened for the room (host-paced).
    func roomOpening(_ number: Int) -> Date? { roomOpened[number] }

    /// Keeps player `playerID`'s answer `text` to question `number` (the options it picked, if any).
    func record(_ number: Int, playerID: Int, text: String, right: Bool, picks: [Int] = []) {
        given[number, default: []].append((playerID, text, right, picks))
    }

    /// The players who answered question `number`.
    func answered(_ number: Int) -> Set<Int> {
        Set(given[number, default: []].map(\.playerID))
    }

    /// What a room of `players` players answered to `question` (number `number`).
    func chart(_ number: Int, of question: RoundQuestion?, players: Int) -> QuestionChart {
        let answers = given[number, default: []]
        let pairs = answers.map { ($0.text, $0.right) }
        guard let quiz = question?.quiz, !quiz.optionTexts.isEmpty else {
            return QuestionChart(question: number, given: pairs, players: players, correctAnswer: question?.rightAnswer)
        }
        let options: [SetQuizOption] =
            switch quiz.answer {
            case .choice(let options): options
            case .truefalse(let truth): SetQuiz.truthTexts.enumerated().map { SetQuizOption(text: $1, right: ($0 == 0) == truth) }
            default: quiz.optionTexts.map { SetQuizOption(text: $0, right: false) }
            }
        return QuestionChart(
            question: number, given: pairs, players: players, correctAnswer: question?.rightAnswer, options: options,
            picks: answers.map(\.picks))
    }
}
