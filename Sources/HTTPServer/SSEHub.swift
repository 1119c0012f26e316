import CEventLoop
import Synchronization

/// Server-sent events by topic. `publish` encodes an event once (one `EncodedEvent`), gives it the
/// next id, keeps it in a bounded replay ring and hands the same buffer to every loop, which writes
/// it to every subscribed connection. A handler
/// answers an event-stream request with `streamResponse(for:topics:)`; on connect the client gets
/// a replay of what it missed (its `Last-Event-ID` is still in the ring) or, otherwise, one fresh
/// snapshot event per topic.
///
/// Ids are decimal integers that start at the hub's creation time in microseconds, so an id left
/// over from an earlier run of the server is recognised as unknown and answered with a snapshot.
public final class SSEHub: Sendable {
    /// How events are kept and delivered.
    public struct Configuration: Sendable {
        /// Events kept for `Last-Event-ID` replay (all topics together).
        public var replayCapacity: Int
        /// Interval of the `: heartbeat` comment that keeps idle streams (and proxies) alive.
        public var heartbeatInterval: Duration
        /// The reconnection delay sent as `retry:` when a stream opens; nil sends none.
        public var retry: Duration?
        /// Bytes a client may have queued unsent; a client over it is disconnected.
        public var clientQueueLimit: Int

        /// Makes a configuration; every argument has a sensible default.
        public init(
            replayCapacity: Int = 512, heartbeatInterval: Duration = .seconds(15),
            retry: Duration? = .seconds(2), clientQueueLimit: Int = 1 << 20
        ) {
            self.replayCapacity = max(1, replayCapacity)
            self.heartbeatInterval = heartbeatInterval
            self.retry = retry
            self.clientQueueLimit = clientQueueLimit
        }
    }

    /// Gives the current state of a topic as an event name and data, for clients that connect
    /// fresh or whose `Last-Event-ID` is too old. It runs on the event loop, under the hub's lock (so
    /// the snapshot is the state as of a known event id): it must be quick, must not call the hub and
    /// must not block (return bytes the app already has).
    public typealias SnapshotProvider = @Sendable (_ topic: String) -> (event: String, data: String)?

    private struct State {
        var lastID: UInt64
        var ring: [EncodedEvent] = []
        var ringNext = 0
        var latestByTopic: [String: EncodedEvent] = [:]
        var inboxes: [ObjectIdentifier: LoopInbox] = [:]
        /// Open streams by topic.
        var audience: [String: Int] = [:]
        var snapshotProvider: SnapshotProvider?
    }

    /// The hub's settings.
    public let configuration: Configuration
    private let firstID: UInt64
    private let state: Mutex<State>

    /// Makes a hub.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        firstID = UInt64(max(1, cel_wall_clock_seconds())) * 1_000_000 + cel_monotonic_nanoseconds() / 1000 % 1_000_000
        state = Mutex(State(lastID: firstID))
    }

    /// Registers (or, with nil, removes) the closure that gives fresh snapshots.
    public func setSnapshotProvider(_ provider: SnapshotProvider?) {
        state.withLock { $0.snapshotProvider = provider }
    }

    /// How many open streams receive `topic` now.
    public func subscriberCount(of topic: String) -> Int {
        state.withLock { $0.audience[topic] ?? 0 }
    }

    /// The id of the last published event (the first id minus one before any).
    public var lastEventID: UInt64 { state.withLock { $0.lastID } }

    /// Publishes one event on `topic` (named `event`, the topic itself by default) to every
    /// subscriber. Returns the event's id.
    @discardableResult
    public func publish(topic: String, event: String? = nil, data: String) -> UInt64 {
        publish(topic: topic, event: event, data: Array(data.utf8))
    }

    /// Publishes one event whose data is already UTF-8 bytes (e.g. a JSON snapshot).
    @discardableResult
    public func publish(topic: String, event: String? = nil, data: [UInt8]) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            let id = state.lastID
            let stored = EncodedEvent(
                id: id, topic: topic, hub: ObjectIdentifier(self), encoded: EventEncoder.encode(id: id, event: event ?? topic, data: data))
            if state.ring.count < configuration.replayCapacity {
                state.ring.append(stored)
            } else {
                state.ring[state.ringNext] = stored
                state.ringNext = (state.ringNext + 1) % configuration.replayCapacity
            }
            state.latestByTopic[topic] = stored
            for inbox in state.inboxes.values {
                inbox.post(.broadcast(stored))
            }
            return id
        }
    }

    /// The response that turns the request's connection into an event stream for `topics`
    /// (and `cap`'s topic), or into `cap`'s refusal when that many streams are already open.
    public func streamResponse(for request: HTTPRequest, topics: [String], cap: StreamCap? = nil) -> HTTPResponse {
        var response = HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
            ])
        response.eventStream = EventStreamSubscription(
            hub: self, topics: cap.map { topics + [$0.topic] } ?? topics, lastEventID: request.headers["Last-Event-ID"],
            cap: cap)
        return response
    }

    /// Ends every open stream subscribed to `topic` at once (e.g. a player the host removed),
    /// on every loop. `farewell` (an event name and its data): a last event each stream gets
    /// before it ends, when its socket takes it at once; it is no topic's, so it is kept in no
    /// history and no later stream replays it.
    public func closeStreams(on topic: String, farewell: (event: String, data: [UInt8])? = nil) {
        let bytes = farewell.map { EventEncoder.encode(id: nil, event: $0.event, data: $0.data) }
        state.withLock { state in
            for inbox in state.inboxes.values { inbox.post(.closeStreams(topic: topic, farewell: bytes)) }
        }
    }

    /// What a newly opened stream starts with.
    struct Opening {
        var bytes: [UInt8]
        var lastID: UInt64
        var heartbeatInterval: UInt64
        var queueLimit: Int
    }

    /// Called on the event loop when a stream opens: registers the loop for broadcasts and builds
    /// the replay or the snapshots. Events published after the lock is released reach the loop
    /// through its inbox, after this call, so none is lost; ids at or below `lastID` are skipped.
    /// Nil, with nothing registered, when `cap` is already reached.
    func openStream(topics: [String], lastEventID: String?, cap: StreamCap? = nil, inbox: LoopInbox) -> Opening? {
        let wanted = Set(topics)
        let opened = state.withLock { state -> (UInt64, [UInt8])? in
            if let cap, state.audience[cap.topic, default: 0] >= cap.limit { return nil }
            state.inboxes[ObjectIdentifier(inbox)] = inbox
            for topic in wanted { state.audience[topic, default: 0] += 1 }
            let current = state.lastID
            var bytes: [UInt8] = []
            if let retry = configuration.retry {
                bytes += EventEncoder.retry(milliseconds: Int(retry.nanoseconds / 1_000_000))
            }
            let oldestKept = state.ring.isEmpty ? current + 1 : state.ring[state.ringNext % state.ring.count].id
            if let text = lastEventID, let last = UInt64(text.trimmingCharacters(in: " ")),
                last <= current, last + 1 >= oldestKept, last >= firstID
            {
                let ordered = state.ring[state.ringNext...] + state.ring[..<state.ringNext]
                for event in ordered where event.id > last && wanted.contains(event.topic) { bytes += event.array }
                return (current, bytes)
            }
            // The snapshots are read here, under the lock, so each is the state as of `current`
            // (or of an event on its way, which the stream then gets after it).
            for topic in topics {
                if let provider = state.snapshotProvider, let snapshot = provider(topic) {
                    bytes += EventEncoder.encode(id: current, event: snapshot.event, data: Array(snapshot.data.utf8))
                } else if let latest = state.latestByTopic[topic] {
                    bytes += latest.array
                }
            }
            return (current, bytes)
        }
        guard let (current, bytes) = opened else { return nil }
        return Opening(
            bytes: bytes, lastID: current, heartbeatInterval: max(1_000_000, configuration.heartbeatInterval.nanoseconds),
            queueLimit: configuration.clientQueueLimit)
    }

    /// Called on the event loop when a stream opened by `openStream` closes.
    func closeStream(topics: [String]) {
        state.withLock { state in
            for topic in Set(topics) {
                let left = (state.audience[topic] ?? 1) - 1
                state.audience[topic] = left > 0 ? left : nil
            }
        }
    }

    /// Forgets a loop that stopped.
    func detach(_ inbox: LoopInbox) {
        _ = state.withLock { $0.inboxes.removeValue(forKey: ObjectIdentifier(inbox)) }
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> Substring {
        var result = Substring(self)
        while result.first == character { result.removeFirst() }
        while result.last == character { result.removeLast() }
        return result
    }
}
