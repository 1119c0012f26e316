/// The question being played as the page shows it: the text and the four answers, never
/// which one is right.
public struct TriviaQuestionView: Codable, Hashable, Sendable {
    /// The question text.
    public var text: String
    /// The four answers in the order of the buttons.
    public var answers: [String]

    /// The view of `question`.
    public init(_ question: TriviaQuestion) {
        text = question.question
        answers = question.answers
    }
}
