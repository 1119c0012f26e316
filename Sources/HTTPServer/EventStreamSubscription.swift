/// What a stream response asks of the event loop: which hub, which topics, and where the client
/// left off (its `Last-Event-ID`).
struct EventStreamSubscription: Sendable {
    var hub: SSEHub
    var topics: [String]
    var lastEventID: String?
}
