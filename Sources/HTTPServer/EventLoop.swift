import CEventLoop

/// The server's event loop: one thread, one readiness set (`cel_poller`: epoll on Linux, poll(2)
/// on macOS and in the portable build), every connection's I/O. Handlers run in
/// Swift tasks; their responses come back through the `LoopInbox`. Everything in this class is
/// touched only on the loop's thread.
///
/// This file is the loop itself: waiting for readiness, accepting and closing connections, the inbox,
/// the timers and shutdown. What happens on one connection is in the other `EventLoop+` files:
/// - `EventLoop+HTTP1.swift`: the HTTP/1 state machine (read, parse, dispatch, respond);
/// - `EventLoop+EventStreams.swift`: server-sent event streams (open, broadcast, heartbeat, end);
/// - `EventLoop+Writing.swift`: writing responses out and the readiness interest that goes with it;
/// - `EventLoop+ClientCaps.swift`: refusing a connection over a cap, counting each address's.
final class EventLoop {
    /// The loop's settings.
    struct Settings: Sendable {
        var maxConnections: Int
        var timeouts: Timeouts
        /// The body limit of a request whose route sets none.
        var defaultBodyLimit: Int
        var accessLog: AccessLog?
        var errors: ErrorResponder
        /// The per-address caps' counts, shared by the server's loops; nil when uncapped.
        var clientCounts: ClientCounts?
    }

    /// The loop's timeouts, in nanoseconds of the monotonic clock.
    struct Timeouts: Sendable {
        /// From a request's first byte until its head is complete.
        var head: UInt64
        /// From a complete head until its body is complete.
        var body: UInt64
        /// How long a keep-alive connection may wait for its next request.
        var idle: UInt64
        /// How long queued output may wait for the client to read any of it.
        var write: UInt64
        /// How long shutdown waits for the requests in flight.
        var shutdownGracePeriod: UInt64
    }

    /// The readiness tokens of the two descriptors that are not connections (a connection's token
    /// is its file descriptor).
    private static let listenToken = UInt64.max
    private static let wakeToken = UInt64.max - 1
    /// How often `tick` checks the timeouts and heartbeats.
    private static let tickInterval: UInt64 = 100_000_000

    /// The readiness set of this loop's descriptors.
    let poller: OpaquePointer
    private let listener: Listener
    /// Whether this loop watches the listening socket: every loop where the backend wakes one
    /// loop per connection (epoll), else only the first, which hands connections to the others.
    private let watchesListener: Bool
    /// Whether this loop still accepts (false after shutdown began).
    private var accepting = true
    /// Where `accept` writes the peer's address as text (INET6_ADDRSTRLEN bytes).
    private var peerAddress = [CChar](repeating: 0, count: 46)
    /// Whether accepting is paused because the process ran out of file descriptors.
    private var listenerPaused = false
    let inbox: LoopInbox
    /// The inboxes of every loop of the server (this one's included), to hand connections over.
    private let peers: [LoopInbox]
    let router: Router
    let parser: HTTPRequestParser
    let settings: Settings
    private let onStop: @Sendable () -> Void
    let statistics: ServerStatistics

    /// The open connections, indexed by file descriptor.
    private(set) var connections: [Connection?] = []
    private var openCount = 0
    private var nextGeneration: UInt32 = 0
    /// Where every read lands before its bytes are appended to a connection's input.
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Responses encoded for the connection being handled, until `flush` sends them.
    var outBuffer: [UInt8] = []
    /// The inbox's messages, taken in one swap (its storage is reused).
    private var messages: [LoopMessage] = []
    /// The `Date:` header line of the current second.
    private(set) var dateLine: [UInt8] = []
    private var dateSecond: Int64 = -1
    /// The monotonic time (ns) of the latest wake-up.
    private(set) var now: UInt64 = 0
    private var nextTick: UInt64 = 0
    /// The open event streams by topic, then by file descriptor.
    var subscribers: [String: [Int32: Connection]] = [:]
    /// Every hub a stream of this loop came from (detached from the inbox when the loop stops).
    var hubs: [ObjectIdentifier: SSEHub] = [:]
    /// The events of the broadcasts taken from the inbox together (a burst), written to each
    /// stream in one `writev` when the burst ends (`flushBurst`); storage reused.
    var burst: [EncodedEvent] = []
    /// The streams with something in `burst`, each once (`Connection.burstFrom`); storage reused.
    var burstStreams: [Connection] = []
    /// Streams a broadcast found over their queue limit, closed after it; storage reused.
    var overflowing: [Connection] = []
    /// The vectors of one `writev`; storage reused.
    var vectors: [cel_iovec] = []
    /// Streams closed for falling behind since the last tick (said on stderr at the tick).
    var streamsClosedBehind = 0
    private(set) var shuttingDown = false
    private var shutdownDeadline: UInt64 = 0

    init(
        poller: OpaquePointer, listener: Listener, inbox: LoopInbox, peers: [LoopInbox], router: Router,
        parser: HTTPRequestParser,
        settings: Settings, statistics: ServerStatistics, onStop: @escaping @Sendable () -> Void
    ) {
        self.statistics = statistics
        self.poller = poller
        self.listener = listener
        watchesListener = cel_poller_shares_listener() != 0 || peers.first === inbox
        self.inbox = inbox
        self.peers = peers
        self.router = router
        self.parser = parser
        self.settings = settings
        self.onStop = onStop
        outBuffer.reserveCapacity(16 * 1024)
    }

    /// Runs until shutdown completes, then closes every descriptor it owns.
    func run() {
        if watchesListener { _ = cel_poller_add_listener(poller, listener.fd, Self.listenToken) }
        _ = cel_poller_add(poller, inbox.wakeReadFD, UInt32(CEL_READABLE), Self.wakeToken)
        var events = [cel_event](repeating: cel_event(), count: 256)
        while true {
            let timeout: Int32 = openCount == 0 && !shuttingDown && !listenerPaused ? -1 : 100
            let count = events.withUnsafeMutableBufferPointer {
                cel_poller_wait(poller, $0.baseAddress, Int32($0.count), timeout)
            }
            now = cel_monotonic_nanoseconds()
            refreshDate()
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                switch event.token {
                case Self.listenToken: acceptConnections()
                case Self.wakeToken: handleMessages()
                default: handleIO(fd: Int32(truncatingIfNeeded: event.token), events: event.events)
                }
            }
            if now >= nextTick {
                tick()
                nextTick = now + Self.tickInterval
            }
            if shuttingDown && (openCount == 0 || now >= shutdownDeadline) { break }
        }
        stop()
    }

    /// The open connection `id` names, or nil when it has closed (and its fd may be reused).
    func connection(_ id: ConnectionID) -> Connection? {
        guard Int(id.fd) < connections.count, let connection = connections[Int(id.fd)], connection.id == id
        else { return nil }
        return connection
    }

    /// Whether `connection` is still open (an I/O error may have closed it meanwhile).
    func isOpen(_ connection: Connection) -> Bool {
        connections[Int(connection.id.fd)] === connection
    }

    // MARK: - Accepting and closing

    private func acceptConnections() {
        for _ in 0..<256 {
            guard accepting && !listenerPaused else { return }
            let fd = cel_accept(listener.fd, &peerAddress, peerAddress.count)
            if fd < 0 {
                if cel_errno_classify(-fd) == CEL_ERRNO_NO_DESCRIPTORS {
                    // Open connections go on being served; new ones wait in the backlog until
                    // one closes (see `close`). Said once per server, not once per attempt.
                    listenerPaused = true
                    _ = cel_poller_remove(poller, listener.fd)
                    if !statistics.ranOutOfDescriptors.exchange(true, ordering: .relaxed) {
                        Self.warn("""
                            HTTPServer: accept failed, no file descriptors left (\(cel_errno_is_process_limit(-fd) != 0 ? "EMFILE" : "ENFILE")); \
                            serving the open connections, new ones wait until one closes (said once)
                            """)
                    }
                }
                return
            }
            if shuttingDown {
                _ = cel_close(fd)
                continue
            }
            let clientAddress = String(decoding: peerAddress.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            if statistics.openConnections.load(ordering: .relaxed) >= settings.maxConnections {
                refuse(acceptedFD: fd, "too many connections")
                continue
            }
            if let counts = settings.clientCounts, !counts.caps.exempt(clientAddress), !counts.openIdle(clientAddress) {
                refuse(acceptedFD: fd, "too many connections from this address")
                continue
            }
            statistics.openConnections.add(1, ordering: .relaxed)
            if let peer = lessLoadedPeer() {
                peer.load.add(1, ordering: .relaxed)
                if peer.post(.adopt(fd: fd, clientAddress: clientAddress)) { continue }
                peer.load.subtract(1, ordering: .relaxed)  // It stopped meanwhile: keep it here.
            }
            inbox.load.add(1, ordering: .relaxed)
            adopt(fd: fd, clientAddress: clientAddress)
        }
    }

    /// The loop of the server with fewer connections than this one (the least loaded), or nil
    /// when this one has the fewest. With epoll the loops share one listening socket and
    /// EPOLLEXCLUSIVE wakes the first idle loop, which would take nearly every connection of a
    /// quiet server; with poll only the first loop accepts. Either way, handing over keeps the
    /// loops' connections (and their SSE streams) even, so every core serves.
    private func lessLoadedPeer() -> LoopInbox? {
        guard peers.count > 1 else { return nil }
        var best = inbox
        var bestLoad = inbox.load.load(ordering: .relaxed)
        for peer in peers where peer !== inbox {
            let load = peer.load.load(ordering: .relaxed)
            if load < bestLoad { (best, bestLoad) = (peer, load) }
        }
        return best === inbox ? nil : best
    }

    /// Starts serving a connection this loop accepted or was handed (counted in the server's
    /// open connections and this loop's `load` already).
    private func adopt(fd: Int32, clientAddress: String) {
        guard !shuttingDown else { return drop(acceptedFD: fd, clientAddress: clientAddress) }
        nextGeneration &+= 1
        let connection = Connection(id: ConnectionID(fd: fd, generation: nextGeneration), clientAddress: clientAddress)
        connection.capped = isCapped(clientAddress)
        connection.countedIdle = connection.capped
        connection.deadline = now + settings.timeouts.head
        connection.lastWriteProgress = now
        let index = Int(fd)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: index + 1 - connections.count))
        }
        connections[index] = connection
        openCount += 1
        connection.registeredInterest = UInt32(CEL_READABLE)
        if cel_poller_add(poller, fd, connection.registeredInterest, UInt64(fd)) != 0 {
            close(connection)
        }
    }

    /// Closes a connection accepted for this loop that it will not serve (it is stopping).
    private func drop(acceptedFD fd: Int32, clientAddress: String) {
        _ = cel_close(fd)
        if isCapped(clientAddress) { settings.clientCounts?.close(clientAddress, idle: true) }
        statistics.openConnections.subtract(1, ordering: .relaxed)
        inbox.load.subtract(1, ordering: .relaxed)
    }

    /// Closes `connection` now (what is still queued for it is dropped); nothing when it is
    /// already closed. Resumes accepting if a shortage of descriptors had paused it.
    func close(_ connection: Connection) {
        let index = Int(connection.id.fd)
        guard index < connections.count, connections[index] === connection else { return }
        if case .streaming = connection.state { endStream(connection) }
        connections[index] = nil
        openCount -= 1
        if connection.capped { settings.clientCounts?.close(connection.clientAddress, idle: connection.countedIdle) }
        endForwardedRequest(connection)
        inbox.load.subtract(1, ordering: .relaxed)
        statistics.openConnections.subtract(1, ordering: .relaxed)
        connection.output = []
        connection.events = []
        _ = cel_poller_close(poller, connection.id.fd)
        resumeAccepting()
    }

    /// Puts the listening socket back into this loop after a shortage of descriptors paused it:
    /// when one of its connections closes, and at each tick (the descriptors may have been freed
    /// elsewhere in the process, and a loop with no connection of its own would wait forever).
    private func resumeAccepting() {
        guard listenerPaused && accepting else { return }
        listenerPaused = false
        _ = cel_poller_add_listener(poller, listener.fd, Self.listenToken)
    }

    /// Takes the listening socket out of this loop and lets go of it (once).
    private func stopAccepting() {
        guard accepting else { return }
        accepting = false
        if watchesListener && !listenerPaused { _ = cel_poller_remove(poller, listener.fd) }
        listener.release()
    }

    // MARK: - Messages and timers

    private func handleMessages() {
        cel_waker_drain(inbox.wakeReadFD)
        if cel_termination_requested(inbox.wakeWriteFD) != 0 { beginShutdown() }
        inbox.take(into: &messages)
        for (index, message) in messages.enumerated() {
            if case .broadcast(let event) = message {
                broadcast(event, endsBurst: index + 1 == messages.count || !messages[index + 1].isBroadcast)
                continue
            }
            flushBurst()  // Whatever follows a burst sees it written, as it would one at a time.
            switch message {
            case .response(let id, let response):
                handlerAnswered(id, response)
            case .broadcast:
                break
            case .closeStreams(let topic, let farewell):
                closeStreams(on: topic, farewell: farewell)
            case .shutdown:
                beginShutdown()
            case .adopt(let fd, let clientAddress):
                adopt(fd: fd, clientAddress: clientAddress)
            }
        }
        flushBurst()
        messages.removeAll(keepingCapacity: true)
    }

    /// Ends the connections whose time is up and sends the heartbeats that are due.
    private func tick() {
        resumeAccepting()
        reportStreamsClosedBehind()
        for case let connection? in connections {
            if connection.hasQueuedOutput && now - connection.lastWriteProgress > settings.timeouts.write {
                close(connection)
                continue
            }
            switch connection.state {
            case .idle, .draining:
                if now >= connection.deadline { close(connection) }
            case .closing:
                break  // Writing the last response; only a stalled reader (above) ends it early.
            case .readingHead, .readingBody:
                if now >= connection.deadline {
                    fail(connection, .requestTimeout)
                    flush(connection)
                }
            case .streaming:
                sendHeartbeatIfDue(connection)
            case .waitingForHandler:
                break
            }
        }
    }

    // MARK: - Shutdown

    /// Stops accepting and closes the connections that are between requests; the others finish
    /// (or the grace period ends them, see `run`).
    private func beginShutdown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        shutdownDeadline = now + settings.timeouts.shutdownGracePeriod
        stopAccepting()
        for case let connection? in connections {
            switch connection.state {
            case .idle, .streaming:
                close(connection)
            case .readingHead where connection.pendingInput == 0:
                close(connection)
            default:
                break
            }
        }
    }

    private func stop() {
        for case let connection? in connections { close(connection) }
        stopAccepting()
        for hub in hubs.values { hub.detach(inbox) }
        for case .adopt(let fd, let clientAddress) in inbox.close() { drop(acceptedFD: fd, clientAddress: clientAddress) }
        cel_forget_termination_fd(inbox.wakeWriteFD)
        _ = cel_poller_remove(poller, inbox.wakeReadFD)
        inbox.closeWaker()
        cel_poller_destroy(poller)
        onStop()
    }

    // MARK: - Helpers

    /// Writes one line to standard error.
    static func warn(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { cel_write_standard_error($0.baseAddress, $0.count) }
    }

    private func refreshDate() {
        let second = cel_wall_clock_seconds()
        guard second != dateSecond else { return }
        dateSecond = second
        dateLine = Array("Date: \(StaticFiles.httpDate(second))\r\n".utf8)
    }
}
