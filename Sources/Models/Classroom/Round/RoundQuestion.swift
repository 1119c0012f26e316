import Foundation

/// One question of a classroom round, whatever its source: the course's quiz server (type the
/// answer; the server judges it), the trivia source (four choices) or a host's set (any kind).
/// The round judges it (`quiz`) or asks the quiz server (`serverID`). Codable: a round in play
/// keeps its questions as it took them (`RoundCheckpoint`), to go on after a restart.
public struct RoundQuestion: Codable, Hashable, Sendable {
    /// The question as the players see it once it opens: text, image, kind and the options'
    /// texts, never which is right.
    public struct Shown: Codable, Hashable, Sendable {
        /// 1-based, in the round.
        public var number: Int
        /// The question.
        public var text: String
        /// Its image's URL, or null.
        @Nullable public var image: String?
        /// How it is answered.
        public var kind: QuizKind
        /// The options' texts (`choice`, `truefalse`, `poll`); empty for `text` and `number`.
        public var options: [String]
        /// A `choice` whose player marks every right option and sends them ("Marca todas las
        /// correctas"); false: one tap answers it (every other kind too).
        public var multiple: Bool
        /// Whether `text` is Markdown, drawn as such by the pages (`SetQuiz.markdown`).
        public var markdown = false
    }

    /// What the players see of it.
    public var shown: Shown
    /// The quiz that judges it here (a set's, or a trivia question as a choice); nil: the quiz
    /// server judges it.
    public var quiz: SetQuiz?
    /// The quiz server's id of it (when `quiz` is nil).
    public var serverID: Int?

    /// A question of a host's set, number `number`.
    public init(number: Int, quiz: SetQuiz) {
        shown = Shown(number: number, text: quiz.question, image: quiz.image, kind: quiz.kind, options: quiz.optionTexts,
                     multiple: quiz.multiple, markdown: quiz.markdown)
        self.quiz = quiz
        serverID = nil
    }

    /// A quiz server's quiz, number `number`: typed, judged by the server.
    public init(number: Int, serverQuiz item: QuizItem) {
        shown = Shown(number: number, text: item.question, image: item.attachment?.url.absoluteString, kind: .text, options: [], multiple: false)
        quiz = nil
        serverID = item.id
    }

    /// A trivia question, number `number`: a choice among its answers, one right.
    public init(number: Int, trivia: TriviaQuestion) {
        let options = trivia.answers.enumerated().map { SetQuizOption(text: $0.element, right: $0.offset == trivia.correct) }
        self.init(number: number, quiz: SetQuiz(question: trivia.question, answer: .choice(options)))
    }

    /// The right answer as text, when the round knows it (not the quiz server's; not a poll's).
    public var rightAnswer: String? { quiz?.rightAnswerText }
}
