/// The kind of a set's question: what the player gives and how it is judged.
///
/// - `text`: the player types an answer, right when it is the answer or an alternative;
/// - `choice`: 2–6 options, at least one right; the player picks every right one (all or nothing);
/// - `truefalse`: the player says true or false;
/// - `number`: the player gives a number, right within the tolerance;
/// - `poll`: 2–6 options, none right, no points: the chart is the point.
public enum QuizKind: String, Codable, Sendable, CaseIterable {
    case text, choice, truefalse, number, poll
}

/// One option of a `choice` question (`{"text","right","feedback"?}`), or of a `poll` (`right`
/// false): its own feedback is shown, once the question closes, to the players who chose it.
public struct SetQuizOption: Codable, Hashable, Sendable {
    /// What the option says.
    public var text: String
    /// Whether picking it is (part of) the right answer.
    public var right: Bool
    /// Shown once the question closes to whoever chose this option, or nil.
    public var feedback: String?

    /// Makes an option.
    public init(text: String, right: Bool, feedback: String? = nil) {
        self.text = text
        self.right = right
        self.feedback = feedback
    }
}

/// What a set's question expects, by kind (its JSON fields are `SetQuiz`'s).
public enum SetQuizAnswer: Hashable, Sendable {
    /// Typed: the answer and other answers also right.
    case text(answer: String, alternatives: [String])
    /// Picked among options (several right: all of them must be picked).
    case choice([SetQuizOption])
    /// True or false.
    case truefalse(Bool)
    /// A number, right when |given − value| ≤ tolerance.
    case number(value: Double, tolerance: Double)
    /// The options' texts; no right answer.
    case poll([String])

    /// The kind this answer makes a question.
    public var kind: QuizKind {
        switch self {
        case .text: .text
        case .choice: .choice
        case .truefalse: .truefalse
        case .number: .number
        case .poll: .poll
        }
    }
}
