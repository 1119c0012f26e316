/// One quiz as the pages show it: no answer, author reduced to a name and a photo URL.
public struct QuizRow: Codable, Hashable, Sendable {
    /// The quiz id.
    public var id: Int
    /// The question text.
    public var question: String
    /// The author's display name, or nil for an anonymous quiz.
    @Nullable public var authorName: String?
    /// The author's photo URL as a string, or nil.
    @Nullable public var authorPhoto: String?
    /// The attachment image URL as a string, or nil.
    @Nullable public var attachment: String?
    /// Whether it is a favourite of the token's owner.
    public var favourite: Bool
    /// Whether it was answered right in the current round.
    public var answeredRight: Bool

    /// Makes a row.
    public init(
        id: Int, question: String, authorName: String?, authorPhoto: String?, attachment: String?,
        favourite: Bool, answeredRight: Bool
    ) {
        self.id = id
        self.question = question
        self.authorName = authorName
        self.authorPhoto = authorPhoto
        self.attachment = attachment
        self.favourite = favourite
        self.answeredRight = answeredRight
    }

    /// The row of `item`.
    public init(_ item: QuizItem, answeredRight: Bool) {
        self.init(
            id: item.id, question: item.question, authorName: item.author?.displayName,
            authorPhoto: item.author?.photo?.url.absoluteString, attachment: item.attachment?.url.absoluteString,
            favourite: item.favourite, answeredRight: answeredRight)
    }
}
