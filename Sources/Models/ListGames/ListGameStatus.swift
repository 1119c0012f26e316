/// The part of every list game's snapshot that is not the list: the last answer, the score,
/// loading and error (`null`s written out).
public struct ListGameStatus<Answer: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The last answer given, in any tab, so every tab showing that item can show the alert.
    @Nullable public var lastResult: AnswerResult<Answer>?
    /// Distinct items answered right in this session.
    public var score: Int
    /// Whether a download is in flight.
    public var loading: Bool
    /// The last failure in Spanish, or nil.
    @Nullable public var error: String?
}
