/// One client connection, owned by its event loop and touched only on the loop's thread.
final class Connection {
    enum State {
        /// Waiting for the first byte of a request (keep-alive idle).
        case idle
        /// Some bytes of a request head have arrived.
        case readingHead
        /// The head is parsed; the body is still arriving (`match` is where the request goes,
        /// `limit` its body limit).
        case readingBody(HTTPRequest, framing: HTTPRequestParser.BodyFraming, match: Router.Match, limit: Int)
        /// A handler is running off the loop.
        case waitingForHandler(HTTPRequest)
        /// A server-sent event stream is open.
        case streaming
        /// The last response is being written; the connection closes afterwards.
        case closing
        /// Our side is shut down; unread input is discarded until the peer closes (so the
        /// kernel does not reset the connection under the last response).
        case draining
    }

    let id: ConnectionID
    /// The peer's IP address as text (`HTTPRequest.clientAddress`).
    let clientAddress: String
    var state = State.idle
    /// Whether the connection counts in its address's `ClientCounts` (a capped peer), and
    /// whether as idle right now.
    var capped = false
    var countedIdle = false
    /// The client a request on a trusted proxy's connection is counted against while it runs.
    var forwardedFor: String?
    /// Received bytes not yet parsed; `inputStart` is where unparsed bytes begin.
    var input: [UInt8] = []
    var inputStart = 0
    /// Outgoing chunks; `outputOffset` bytes of the first one are already written.
    var output: [[UInt8]] = []
    var outputOffset = 0
    /// The bytes of `output` and `events` not yet written (what an event stream's queue limit
    /// counts).
    var queuedBytes = 0
    /// When the last write made progress (a stalled reader is dropped after the write timeout).
    var lastWriteProgress: UInt64 = 0
    /// The epoll interest currently registered.
    var registeredInterest: UInt32 = 0
    /// Monotonic deadline (ns) of the current state's timeout; 0 when none.
    var deadline: UInt64 = 0
    /// The peer closed its sending side.
    var readClosed = false
    /// Whether the loop reads from this connection (false while a handler's answer is awaited
    /// and a whole further request is already buffered).
    var wantsRead = true
    /// When the current request's head was complete (for the access log).
    var requestStarted: UInt64 = 0
    /// A chunked body decoded so far (reset when the request is complete).
    var chunked = HTTPRequestParser.ChunkedProgress()
    /// Scanning for a line end resumes here (a head arriving byte by byte is not re-parsed).
    var scannedUpTo = 0

    // Server-sent events.
    var topics: [String] = []
    /// The hub the stream belongs to (told when the stream closes).
    var hub: SSEHub?
    /// `hub`'s identity, compared with each event's.
    var hubID: ObjectIdentifier?
    var lastEventID: UInt64 = 0
    var heartbeatInterval: UInt64 = 0
    var nextHeartbeat: UInt64 = 0
    var queueLimit = Int.max
    /// Events waiting for the socket, written after `output` (the hub's shared buffers, never
    /// copied); `eventOffset` bytes of the first one are already written.
    var events: [EncodedEvent] = []
    var eventOffset = 0
    /// Where this stream's events start in the loop's current burst (-1: none).
    var burstFrom = -1
    /// The bytes of the current burst this stream has been given and not yet had written: its
    /// queue limit counts only what its socket left behind, not these.
    var burstBytes = 0

    /// The bytes the body being read holds in the server's budget, and the budget's keeper
    /// (`ServerStatistics.reserveBody`); given back when the body is complete or refused, or at
    /// the latest when the connection goes.
    private(set) var reservedBodyBytes = 0
    private var bodyBudget: ServerStatistics?

    init(id: ConnectionID, clientAddress: String) {
        self.id = id
        self.clientAddress = clientAddress
    }

    deinit { releaseBody() }

    /// Makes the body's reservation in `budget` (at most `cap` over all connections) at least
    /// `total` bytes; false when the budget is spent.
    func reserveBody(upTo total: Int, in budget: ServerStatistics, cap: Int) -> Bool {
        let more = total - reservedBodyBytes
        guard more > 0 else { return true }
        guard budget.reserveBody(more, cap: cap) else { return false }
        reservedBodyBytes = total
        bodyBudget = budget
        return true
    }

    /// Gives back the body's reservation, if any.
    func releaseBody() {
        guard reservedBodyBytes > 0 else { return }
        bodyBudget?.releaseBody(reservedBodyBytes)
        reservedBodyBytes = 0
        bodyBudget = nil
    }

    /// Whether anything waits for the socket to take it.
    var hasQueuedOutput: Bool { !output.isEmpty || !events.isEmpty }

    /// The number of unparsed input bytes.
    var pendingInput: Int { input.count - inputStart }

    /// Drops parsed bytes; keeps the buffer's storage for the next request.
    func consumeInput(_ count: Int) {
        inputStart += count
        scannedUpTo = inputStart
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
            scannedUpTo = 0
        } else if inputStart > 32 * 1024 {
            input.removeSubrange(0..<inputStart)
            scannedUpTo -= inputStart
            inputStart = 0
        }
    }
}
