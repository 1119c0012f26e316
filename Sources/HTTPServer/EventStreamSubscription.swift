/// What a stream response asks of the event loop: which hub, which topics, where the client
/// left off (its `Last-Event-ID`), and the cap it must fit under.
struct EventStreamSubscription: Sendable {
    var hub: SSEHub
    var topics: [String]
    var lastEventID: String?
    var cap: StreamCap?
}

/// A limit on the streams open at once for one key, e.g. one client address: a stream
/// subscribes to `topic` too (a topic nothing publishes on), and opens only while fewer than
/// `limit` streams have it; otherwise the connection gets `refusal` instead. Counted and
/// opened under the hub's lock, so streams racing to open can't pass the limit together.
public struct StreamCap: Sendable {
    /// The topic that counts the key's streams.
    public var topic: String
    /// How many streams may have it at once.
    public var limit: Int
    /// The answer to a stream over the limit (e.g. 429 with a message).
    public var refusal: HTTPError

    /// A cap of `limit` streams on `topic`, refused with `refusal`.
    public init(topic: String, limit: Int, refusal: HTTPError) {
        self.topic = topic
        self.limit = limit
        self.refusal = refusal
    }
}
