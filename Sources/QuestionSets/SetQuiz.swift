import Foundation

/// One question of a `QuizSet`: the text, an optional image (an `http(s)` URL, or an image
/// uploaded to this app: `/api/classroom/images/…`), optional feedback shown once it closes, and
/// what it expects (`answer`, whose case is the question's `kind`).
///
/// JSON (`kind` absent reads as `text`, so older sets and `quizzes.json` files keep working):
/// `{"kind","question","image"?,"feedback"?}` and, by kind, `text`: `"answer","alternatives"`;
/// `choice`: `"options":[{"text","right","feedback"?}],"multiple"`; `truefalse`: `"answer":Bool`; `number`:
/// `"value","tolerance"`; `poll`: `"options":[{"text"}]`; `"name"?`, `"category"?`, `"markdown"?`.
public struct SetQuiz: Codable, Hashable, Sendable {
    /// The longest question, in characters.
    public static let maxQuestionLength = 500
    /// The longest answer, alternative or option, in characters.
    public static let maxAnswerLength = 200
    /// The most alternatives a text quiz accepts.
    public static let maxAlternatives = 10
    /// The options a choice or a poll has.
    public static let optionCount = 2...6
    /// The longest feedback, in characters.
    public static let maxFeedbackLength = 1_000
    /// The longest image URL.
    public static let maxImageLength = 2_000
    /// Where the app serves uploaded images (`SetImage`); an image URL may start so.
    public static let uploadedImagePrefix = "/api/classroom/images/"

    /// The question.
    public var question: String
    /// The image's URL, or nil.
    public var image: String?
    /// Shown once the question closes (why the answer is what it is), or nil.
    public var feedback: String?
    /// What the question expects.
    public var answer: SetQuizAnswer
    /// For a `choice`: whether the player marks every right option and sends them (true), or
    /// answers with one tap (false). The teacher's choice (the editor's checkbox, Moodle's
    /// `single`), never changed by the options; a set written before the field existed reads it
    /// as «more than one right option». False for every other kind.
    public var multiple: Bool
    /// The question's name in the Moodle bank it came from (GIFT's `::name::`, XML's `<name>`),
    /// written back by the exports; nil when it has none (the exports name it by its text).
    public var name: String?
    /// The Moodle category the question came from (`$course$/top/Tema 1/Bucles`), written back
    /// whole by the exports; nil when none (the exports use the set's title).
    public var category: String?
    /// Whether the question's text is Markdown (a Moodle bank's `[markdown]` question): the
    /// pages draw its emphasis, code, lists and line breaks (`WebRoot/js/markdown-text.js`), and
    /// the exports write it back as Markdown. False for every other text, drawn as it is.
    public var markdown = false
    /// The question's kind (from `answer`).
    public var kind: QuizKind { answer.kind }

    /// Makes a quiz of any kind; `multiple` nil is «more than one right option» (see `multiple`).
    public init(
        question: String, answer: SetQuizAnswer, image: String? = nil, feedback: String? = nil, multiple: Bool? = nil
    ) {
        self.question = question
        self.answer = answer
        self.image = image
        self.feedback = feedback
        self.multiple = Self.multiple(multiple, for: answer)
    }

    /// `multiple` as stored: only a choice can be multiple; nil reads as «more than one right option».
    static func multiple(_ given: Bool?, for answer: SetQuizAnswer) -> Bool {
        guard case .choice(let options) = answer else { return false }
        return given ?? (options.count { $0.right } > 1)
    }

    /// A `text` quiz: the right answer and other answers also judged right.
    public init(question: String, answer: String, alternatives: [String] = [], image: String? = nil, feedback: String? = nil) {
        self.init(question: question, answer: .text(answer: answer, alternatives: alternatives), image: image, feedback: feedback)
    }

    /// A `choice` quiz; `multiple` nil is «more than one right option».
    public static func choice(
        _ question: String, options: [SetQuizOption], image: String? = nil, multiple: Bool? = nil
    ) -> SetQuiz {
        SetQuiz(question: question, answer: .choice(options), image: image, multiple: multiple)
    }

    /// A `truefalse` quiz.
    public static func trueOrFalse(_ question: String, _ truth: Bool, image: String? = nil) -> SetQuiz {
        SetQuiz(question: question, answer: .truefalse(truth), image: image)
    }

    /// A `number` quiz.
    public static func number(_ question: String, value: Double, tolerance: Double = 0, image: String? = nil) -> SetQuiz {
        SetQuiz(question: question, answer: .number(value: value, tolerance: tolerance), image: image)
    }

    /// A `poll`.
    public static func poll(_ question: String, options: [String], image: String? = nil) -> SetQuiz {
        SetQuiz(question: question, answer: .poll(options), image: image)
    }

    /// The options' texts a player chooses among (`choice`, `poll`; `truefalse`: «Verdadero»,
    /// «Falso»), never which is right; empty for `text` and `number`.
    public var optionTexts: [String] {
        switch answer {
        case .choice(let options): options.map(\.text)
        case .poll(let options): options
        case .truefalse: Self.truthTexts
        case .text, .number: []
        }
    }

    /// The right answer as a player reads it once the question closes («París»,
    /// «Verdadero», «3,14 (± 0,01)», the right options joined by « · »); nil for a poll.
    public var rightAnswerText: String? {
        switch answer {
        case .text(let answer, _): answer
        case .choice(let options): options.filter(\.right).map(\.text).joined(separator: " · ")
        case .truefalse(let truth): truth ? Self.truthTexts[0] : Self.truthTexts[1]
        case .number(let value, let tolerance):
            tolerance > 0 ? "\(Self.spanish(value)) (± \(Self.spanish(tolerance)))" : Self.spanish(value)
        case .poll: nil
        }
    }

    /// The texts of `truefalse`'s two options, in the order the players see them (index 0 is true).
    public static let truthTexts = ["Verdadero", "Falso"]

    /// `value` as Spanish writes it: a decimal comma, no «.0» on a whole number.
    public static func spanish(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value).replacingOccurrences(of: ".", with: ",")
    }

    // MARK: JSON

    private enum CodingKeys: String, CodingKey {
        case kind, question, image, feedback, answer, alternatives, options, value, tolerance, multiple, name, category, markdown
    }

    private struct PollOption: Codable { var text: String }

    /// Reads a quiz of any kind; `kind` absent is `text`; `alternatives`, `image`, `feedback`
    /// may be absent or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decode(String.self, forKey: .question)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        feedback = try container.decodeIfPresent(String.self, forKey: .feedback)
        switch try container.decodeIfPresent(QuizKind.self, forKey: .kind) ?? .text {
        case .text:
            answer = .text(
                answer: try container.decode(String.self, forKey: .answer),
                alternatives: try container.decodeIfPresent([String].self, forKey: .alternatives) ?? [])
        case .choice: answer = .choice(try container.decode([SetQuizOption].self, forKey: .options))
        case .truefalse: answer = .truefalse(try container.decode(Bool.self, forKey: .answer))
        case .number:
            answer = .number(
                value: try container.decode(Double.self, forKey: .value),
                tolerance: try container.decodeIfPresent(Double.self, forKey: .tolerance) ?? 0)
        case .poll: answer = .poll(try container.decode([PollOption].self, forKey: .options).map(\.text))
        }
        multiple = Self.multiple(try container.decodeIfPresent(Bool.self, forKey: .multiple), for: answer)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        markdown = try container.decodeIfPresent(Bool.self, forKey: .markdown) ?? false
    }

    /// Writes `kind`, the question, the kind's fields, and `image`, `feedback`, `name`,
    /// `category` only when there are some, `markdown` only when true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(question, forKey: .question)
        try encodeAnswer(into: &container)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(feedback, forKey: .feedback)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(category, forKey: .category)
        if markdown { try container.encode(true, forKey: .markdown) }
    }

    private func encodeAnswer(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        switch answer {
        case .text(let answer, let alternatives):
            try container.encode(answer, forKey: .answer)
            try container.encode(alternatives, forKey: .alternatives)
        case .choice(let options):
            try container.encode(options, forKey: .options)
            try container.encode(multiple, forKey: .multiple)
        case .truefalse(let truth): try container.encode(truth, forKey: .answer)
        case .number(let value, let tolerance):
            try container.encode(value, forKey: .value)
            try container.encode(tolerance, forKey: .tolerance)
        case .poll(let options): try container.encode(options.map(PollOption.init), forKey: .options)
        }
    }
}
