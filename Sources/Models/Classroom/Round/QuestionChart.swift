import Foundation

/// What the class answered to one question, shown once it closes (never before):
/// `{"question","right","wrong","unanswered","answers":[{"text","count","right"}],"options":[{"text","count","right"}],
/// "correctAnswer"}` — the most given answers, normalised as the check compares them (trimmed,
/// case aside: `LocalQuizFile.normalised`), most given first; and for a question of options
/// (choice, true or false, poll) every option in its order with how many picked it.
public struct QuestionChart: Codable, Hashable, Sendable {
    /// One answer and how many gave it.
    public struct Answer: Codable, Hashable, Sendable {
        /// The answer as the first player who gave it wrote it (trimmed).
        public var text: String
        /// How many players gave it.
        public var count: Int
        /// Whether it was judged right.
        public var right: Bool
    }

    /// The most answers a chart lists.
    public static let maxAnswers = 6
    /// The most characters of an answer a chart shows (longer ones end in `…`), so that the
    /// state every screen of the class gets stays small.
    public static let maxTextLength = 60

    /// The question, 1-based.
    public var question: Int
    /// Players who answered right.
    public var right: Int
    /// Players who answered wrong.
    public var wrong: Int
    /// Players in the room who did not answer.
    public var unanswered: Int
    /// The most given answers, most first (ties in the order they were first given).
    public var answers: [Answer]
    /// Every option in order, how many picked it and whether it is right (a poll's: none);
    /// empty for a typed question.
    public var options: [Answer] = []
    /// The right answer when the round knows it (a trivia question, the host's set; the quiz
    /// server only judges: then the first right answer given), or nil.
    @Nullable public var correctAnswer: String?

    /// The chart of a question of options: `options` (their texts and which are right) with
    /// `picks` (each answer's picked options); the rest as `init(question:given:players:correctAnswer:)`.
    public init(
        question: Int, given: [(text: String, right: Bool)], players: Int, correctAnswer: String?, options: [SetQuizOption],
        picks: [[Int]]
    ) {
        self.init(question: question, given: given, players: players, correctAnswer: correctAnswer)
        var counts = Array(repeating: 0, count: options.count)
        for picked in picks {
            for index in picked where counts.indices.contains(index) { counts[index] += 1 }
        }
        self.options = zip(options, counts).map { Answer(text: $0.text, count: $1, right: $0.right) }
    }

    /// The chart of question `question` from `given` (each answer given, in order, and whether it
    /// was right) in a room of `players` players; `correctAnswer` if the round knows it.
    public init(question: Int, given: [(text: String, right: Bool)], players: Int, correctAnswer: String? = nil) {
        self.question = question
        self.correctAnswer = (correctAnswer ?? given.first { $0.right }?.text.trimmingCharacters(in: .whitespacesAndNewlines))
            .map(Self.shortened)
        right = given.count { $0.right }
        wrong = given.count - right
        unanswered = max(0, players - given.count)
        var order: [String] = []
        var groups: [String: Answer] = [:]
        for answer in given {
            let text = answer.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let key = LocalQuizFile.normalised(text)
            if groups[key] == nil {
                order.append(key)
                groups[key] = Answer(text: Self.shortened(text), count: 0, right: answer.right)
            }
            groups[key]?.count += 1
        }
        let ranked = order.enumerated().sorted { a, b in
            let (countA, countB) = (groups[a.element]?.count ?? 0, groups[b.element]?.count ?? 0)
            return countA != countB ? countA > countB : a.offset < b.offset
        }
        answers = ranked.prefix(Self.maxAnswers).compactMap { groups[$0.element] }
    }

    /// `text` cut to `maxTextLength` characters, `…` ending a cut one.
    static func shortened(_ text: String) -> String {
        text.count <= maxTextLength ? text : String(text.prefix(maxTextLength - 1)) + "…"
    }
}
