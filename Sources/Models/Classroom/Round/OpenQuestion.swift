import Foundation

/// The room's current question (host-paced), as the projector shows it:
/// `{"number","text","markdown","image","kind","options","multiple","startsAt"}` — the options' texts, never which is
/// right (that comes with the chart, once it closes). `startsAt` (ms since 1970, server clock)
/// ends the 3-2-1 «¡Prepárate!»: the timer and the speed points count from it.
public struct OpenQuestion: Codable, Hashable, Sendable {
    public var number: Int
    public var text: String
    /// Whether `text` is Markdown (`SetQuiz.markdown`).
    public var markdown: Bool
    @Nullable public var image: String?
    public var kind: QuizKind
    public var options: [String]
    /// A choice answered by marking every right option (see `RoundQuestion.Shown.multiple`).
    public var multiple: Bool
    public var startsAt: Int64

    /// `shown` starting at `startsAt`.
    public init(_ shown: RoundQuestion.Shown, startsAt: Date) {
        number = shown.number
        text = shown.text
        markdown = shown.markdown
        image = shown.image
        kind = shown.kind
        options = shown.options
        multiple = shown.multiple
        self.startsAt = QuestionDeadline.milliseconds(startsAt)
    }
}

/// The host's set the next quizzes round plays, in the room's state (so every host tab and a
/// reload show it): `{"id","title","count"}`.
public struct ChosenSet: Codable, Hashable, Sendable {
    public var id: Int
    public var title: String
    public var count: Int

    /// The summary of `set`.
    public init(_ set: QuizSet) {
        id = set.id
        title = set.title
        count = set.quizzes.count
    }
}
