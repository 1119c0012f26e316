/// The matches server's answer to `GET …/check?id=&winner=`: `{"id":1,"result":false}`.
public struct MatchCheckReply: Codable, Hashable, Sendable {
    /// The match checked.
    public var id: Int
    /// Whether the guessed winner is right.
    public var result: Bool
}
