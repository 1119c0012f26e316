import Foundation

/// A round's question as the results keep it when the round takes its questions (they never
/// change during the round): its text, kind, options and right answers, so the results files
/// say what was asked even after the set is edited or deleted.
public struct RecordedQuestion: Hashable, Sendable {
    /// The question's text.
    public var text: String
    /// How it was answered; nil for a round kept before the kinds were (schema 9), when the
    /// round played a host's set.
    public var kind: QuizKind?
    /// The options' texts the players chose among (empty for `text` and `number`).
    public var options: [String]
    /// What counted as right: the right options, the answer and its alternatives, «Verdadero»
    /// or «Falso», the number (± its margin); empty for a poll and the quiz server's questions
    /// (the server judges them).
    public var rightAnswers: [String]

    /// Makes a recorded question.
    public init(text: String, kind: QuizKind?, options: [String] = [], rightAnswers: [String] = []) {
        self.text = text
        self.kind = kind
        self.options = options
        self.rightAnswers = rightAnswers
    }

    /// `question` as the round plays it.
    public init(_ question: RoundQuestion) {
        let shown = question.shown
        let quiz = question.quiz
        let right: [String] = switch quiz?.answer {
        case .text(let answer, let alternatives): [answer] + alternatives
        case .choice(let options): options.filter(\.right).map(\.text)
        case .poll, nil: []
        case .truefalse, .number: quiz?.rightAnswerText.map { [$0] } ?? []
        }
        self.init(text: shown.text, kind: shown.kind, options: shown.options, rightAnswers: right)
    }
}
