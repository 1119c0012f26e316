import CEventLoop
import Glibc

/// The server's event loop: one thread, one epoll set, every connection's I/O. Handlers run in
/// Swift tasks; their responses come back through the `LoopInbox`. Everything in this class is
/// touched only on the loop's thread.
final class EventLoop {
    /// The loop's settings, in the units the loop uses.
    struct Settings: Sendable {
        var maxConnections: Int
        var headTimeout: UInt64
        var bodyTimeout: UInt64
        var idleTimeout: UInt64
        var writeTimeout: UInt64
        var shutdownGracePeriod: UInt64
        var defaultBodyLimit: Int
        var accessLog: AccessLog?
        var errors: ErrorResponder
    }

    private static let listenToken = UInt64.max
    private static let wakeToken = UInt64.max - 1
    private static let tickInterval: UInt64 = 100_000_000
    private static let drainTimeout: UInt64 = 2_000_000_000
    private static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let heartbeat: [UInt8] = Array(": heartbeat\n\n".utf8)

    private let epollFD: Int32
    private let listener: Listener
    /// Whether this loop still accepts (false after shutdown began).
    private var accepting = true
    /// Whether accepting is paused because the process ran out of file descriptors.
    private var listenerPaused = false
    private let inbox: LoopInbox
    private let router: Router
    private let parser: HTTPRequestParser
    private let settings: Settings
    private let onStop: @Sendable () -> Void
    private let statistics: ServerStatistics

    private var connections: [Connection?] = []
    private var openCount = 0
    private var nextGeneration: UInt32 = 0
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var outBuffer: [UInt8] = []
    private var messages: [LoopMessage] = []
    private var dateLine: [UInt8] = []
    private var dateSecond: Int64 = -1
    private var now: UInt64 = 0
    private var nextTick: UInt64 = 0
    private var subscribers: [String: [Int32: Connection]] = [:]
    private var hubs: [ObjectIdentifier: SSEHub] = [:]
    private var shuttingDown = false
    private var shutdownDeadline: UInt64 = 0

    init(
        epollFD: Int32, listener: Listener, inbox: LoopInbox, router: Router, parser: HTTPRequestParser,
        settings: Settings, statistics: ServerStatistics, onStop: @escaping @Sendable () -> Void
    ) {
        self.statistics = statistics
        self.epollFD = epollFD
        self.listener = listener
        self.inbox = inbox
        self.router = router
        self.parser = parser
        self.settings = settings
        self.onStop = onStop
        outBuffer.reserveCapacity(16 * 1024)
    }

    /// Runs until shutdown completes, then closes every descriptor it owns.
    func run() {
        _ = cel_epoll_add_exclusive(epollFD, listener.fd, Self.listenToken)
        _ = cel_epoll_add(epollFD, inbox.wakeFD, UInt32(CEL_READABLE), Self.wakeToken)
        var events = [cel_event](repeating: cel_event(), count: 256)
        while true {
            let timeout: Int32 = openCount == 0 && !shuttingDown ? -1 : 100
            let count = events.withUnsafeMutableBufferPointer {
                cel_epoll_wait(epollFD, $0.baseAddress, Int32($0.count), timeout)
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

    // MARK: - Accepting

    private func acceptConnections() {
        for _ in 0..<256 {
            guard accepting && !listenerPaused else { return }
            let fd = cel_accept(listener.fd)
            if fd < 0 {
                if -fd == EMFILE || -fd == ENFILE {
                    // Open connections go on being served; new ones wait in the backlog until
                    // one closes (see `close`). Said once per server, not once per attempt.
                    listenerPaused = true
                    _ = cel_epoll_remove(epollFD, listener.fd)
                    if !statistics.ranOutOfDescriptors.exchange(true, ordering: .relaxed) {
                        Self.warn("""
                            HTTPServer: accept failed, no file descriptors left (\(-fd == EMFILE ? "EMFILE" : "ENFILE")); \
                            serving the open connections, new ones wait until one closes (said once)
                            """)
                    }
                }
                return
            }
            if statistics.openConnections.load(ordering: .relaxed) >= settings.maxConnections || shuttingDown {
                _ = cel_close(fd)
                continue
            }
            nextGeneration &+= 1
            let connection = Connection(id: ConnectionID(fd: fd, generation: nextGeneration))
            connection.deadline = now + settings.headTimeout
            connection.lastWriteProgress = now
            let index = Int(fd)
            if index >= connections.count {
                connections.append(contentsOf: repeatElement(nil, count: index + 1 - connections.count))
            }
            connections[index] = connection
            openCount += 1
            statistics.openConnections.add(1, ordering: .relaxed)
            connection.registeredInterest = UInt32(CEL_READABLE)
            if cel_epoll_add(epollFD, fd, connection.registeredInterest, UInt64(fd)) != 0 {
                close(connection)
            }
        }
    }

    // MARK: - I/O

    private func handleIO(fd: Int32, events: UInt32) {
        guard Int(fd) < connections.count, let connection = connections[Int(fd)] else { return }
        if events & UInt32(CEL_ERROR) != 0 {
            close(connection)
            return
        }
        if events & UInt32(CEL_WRITABLE) != 0 {
            writeQueued(connection)
            guard connections[Int(fd)] === connection else { return }
        }
        if events & UInt32(CEL_READABLE | CEL_HANGUP) != 0 {
            if connection.wantsRead {
                readAvailable(connection)
            } else if events & UInt32(CEL_HANGUP) != 0 {
                close(connection)  // Both directions are gone: nothing can be answered.
            }
        }
    }

    private func readAvailable(_ connection: Connection) {
        let count = readBuffer.withUnsafeMutableBytes {
            cel_read(connection.id.fd, $0.baseAddress, $0.count)
        }
        if count < 0 {
            if -count != EAGAIN && -count != EWOULDBLOCK { close(connection) }
            return
        }
        if count == 0 {
            peerClosed(connection)
            return
        }
        switch connection.state {
        case .streaming, .draining, .closing:
            return  // Nothing more is read from these; the bytes are dropped.
        default:
            break
        }
        readBuffer.withUnsafeBufferPointer {
            connection.input.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<Int(count)]))
        }
        if case .waitingForHandler = connection.state,
            connection.pendingInput > parser.limits.maxHeadBytes + settings.defaultBodyLimit
        {
            connection.wantsRead = false
            updateInterest(connection)
        }
        advance(connection)
    }

    private func peerClosed(_ connection: Connection) {
        connection.readClosed = true
        connection.wantsRead = false
        switch connection.state {
        case .waitingForHandler, .closing:
            updateInterest(connection)  // Answer what was asked, then close.
        default:
            close(connection)
        }
    }

    /// Parses and dispatches as many buffered requests as possible, then writes what is ready.
    private func advance(_ connection: Connection) {
        parsing: while true {
            switch connection.state {
            case .idle, .readingHead:
                guard connection.pendingInput > 0 else {
                    if connection.readClosed || shuttingDown {
                        connection.state = .closing
                    } else if case .readingHead = connection.state {
                        connection.state = .idle
                        connection.deadline = now + settings.idleTimeout
                    }
                    break parsing
                }
                if case .idle = connection.state {
                    connection.state = .readingHead
                    connection.deadline = now + settings.headTimeout
                }
                guard let result = parseHead(connection) else { break parsing }
                switch result {
                case .incomplete:
                    break parsing
                case .failure(let error):
                    fail(connection, error)
                    break parsing
                case .complete(let request, let framing, let headLength):
                    connection.consumeInput(headLength)
                    connection.requestStarted = now
                    let match = router.match(method: request.method, path: request.path)
                    var limit = settings.defaultBodyLimit
                    if case .route(let route, _) = match, let routeLimit = route.bodyLimit { limit = routeLimit }
                    connection.state = .readingBody(request, framing: framing, route: match, limit: limit)
                    connection.deadline = now + settings.bodyTimeout
                }
            case .readingBody(var request, let framing, let match, let limit):
                let result = connection.input.withUnsafeBufferPointer { buffer in
                    let pending = UnsafeBufferPointer(rebasing: buffer[connection.inputStart...])
                    return framing == .chunked
                        ? parser.decodeChunked(pending, limit: limit, progress: &connection.chunked)
                        : parser.parseBody(pending, framing: framing, limit: limit)
                }
                switch result {
                case .incomplete:
                    if request.expectsContinue {
                        request.expectsContinue = false
                        outBuffer.append(contentsOf: Self.continueLine)
                        connection.state = .readingBody(request, framing: framing, route: match, limit: limit)
                    }
                    break parsing
                case .failure(let error):
                    fail(connection, error)
                    break parsing
                case .complete(let body, let length):
                    connection.consumeInput(length)
                    connection.chunked = HTTPRequestParser.ChunkedProgress()
                    request.body = body
                    dispatch(connection, request, match)
                }
            case .waitingForHandler, .streaming, .closing, .draining:
                break parsing
            }
        }
        if connection.readClosed {
            switch connection.state {
            case .idle, .readingHead, .readingBody:
                connection.state = .closing  // The rest of the request can never arrive.
            default:
                break
            }
        }
        flush(connection)
    }

    /// Runs the parser only when a new line end has arrived or the head outgrew its limit.
    private func parseHead(_ connection: Connection) -> HTTPRequestParser.HeadResult? {
        connection.input.withUnsafeBufferPointer { buffer in
            let unscanned = UnsafeBufferPointer(rebasing: buffer[connection.scannedUpTo...])
            let sawLineEnd = HTTPRequestParser.index(of: .lf, in: unscanned, from: 0) != nil
            connection.scannedUpTo = buffer.count
            let pending = UnsafeBufferPointer(rebasing: buffer[connection.inputStart...])
            guard sawLineEnd || pending.count > parser.limits.maxTargetBytes + 64 else { return nil }
            return parser.parseHead(pending)
        }
    }

    private func dispatch(_ connection: Connection, _ request: HTTPRequest, _ match: Router.Match) {
        switch match {
        case .route(let route, let parameters):
            var routed = request
            routed.parameters = parameters
            connection.state = .waitingForHandler(routed)
            connection.deadline = 0
            let id = connection.id
            let inbox = self.inbox
            let handler = route.handler
            Task {
                let response = await Router.run(handler, routed)
                inbox.post(.response(id, response))
            }
        case .staticFiles(let files):
            respond(connection, request, files.respond(to: request))
        case .refused(let refusal):
            respond(connection, request, settings.errors.response(for: refusal, path: request.path))
        }
    }

    /// Encodes a response into the output buffer and moves the connection to its next state.
    private func respond(_ connection: Connection, _ request: HTTPRequest, _ response: HTTPResponse) {
        if let subscription = response.eventStream, request.method != .head {
            startStream(connection, request, response, subscription)
            return
        }
        let keepAlive = request.keepAlive && !shuttingDown
            && !(response.headers["Connection"].map { Substring($0).caseInsensitiveEquals("close") } ?? false)
        let bodyBytes = ResponseEncoder.encode(
            response, into: &outBuffer, keepAlive: keepAlive, version: request.version,
            isHead: request.method == .head, date: dateLine)
        settings.accessLog?.record(
            method: request.method.rawValue, path: request.path, status: response.status.code,
            bytes: bodyBytes, nanoseconds: now &- connection.requestStarted)
        if keepAlive {
            connection.state = .idle
            connection.deadline = now + settings.idleTimeout
        } else {
            connection.state = .closing
        }
    }

    /// Answers a refused request and closes the connection after the answer.
    private func fail(_ connection: Connection, _ error: HTTPParseError) {
        let path: String?
        if case .readingBody(let request, _, _, _) = connection.state {
            path = request.path
        } else {
            path = connection.input.withUnsafeBufferPointer {
                parser.refusedRequestPath(UnsafeBufferPointer(rebasing: $0[connection.inputStart...]))
            }
        }
        let response = settings.errors.response(for: error, path: path)
        ResponseEncoder.encode(
            response, into: &outBuffer, keepAlive: false, version: .http1_1, isHead: false, date: dateLine)
        settings.accessLog?.record(
            method: "-", path: "-", status: error.status.code, bytes: response.body.count, nanoseconds: 0)
        connection.state = .closing
        connection.input = []
        connection.inputStart = 0
        connection.scannedUpTo = 0
        connection.chunked = HTTPRequestParser.ChunkedProgress()
    }

    // MARK: - Server-sent events

    private func startStream(
        _ connection: Connection, _ request: HTTPRequest, _ response: HTTPResponse,
        _ subscription: EventStreamSubscription
    ) {
        ResponseEncoder.encodeEventStreamHead(response, into: &outBuffer, date: dateLine)
        let hub = subscription.hub
        hubs[ObjectIdentifier(hub)] = hub
        let opening = hub.openStream(topics: subscription.topics, lastEventID: subscription.lastEventID, inbox: inbox)
        outBuffer.append(contentsOf: opening.bytes)
        connection.state = .streaming
        connection.deadline = 0
        connection.topics = subscription.topics
        connection.hub = hub
        connection.lastEventID = opening.lastID
        connection.heartbeatInterval = opening.heartbeatInterval
        connection.nextHeartbeat = now + opening.heartbeatInterval
        connection.queueLimit = opening.queueLimit
        connection.input = []
        connection.inputStart = 0
        for topic in subscription.topics {
            subscribers[topic, default: [:]][connection.id.fd] = connection
        }
        statistics.openStreams.add(1, ordering: .relaxed)
        settings.accessLog?.record(
            method: request.method.rawValue, path: request.path, status: response.status.code,
            bytes: opening.bytes.count, nanoseconds: now &- connection.requestStarted)
    }

    private func broadcast(topic: String, id: UInt64, bytes: [UInt8]) {
        guard let audience = subscribers[topic] else { return }
        var overflowing: [Connection] = []
        for connection in audience.values where id > connection.lastEventID {
            connection.lastEventID = id
            if connection.queuedBytes + bytes.count > connection.queueLimit {
                overflowing.append(connection)
            } else {
                send(connection, bytes)
            }
        }
        for connection in overflowing where connections[Int(connection.id.fd)] === connection {
            close(connection)
        }
    }

    // MARK: - Messages and timers

    private func handleMessages() {
        cel_eventfd_drain(inbox.wakeFD)
        if cel_termination_requested(inbox.wakeFD) != 0 { beginShutdown() }
        inbox.take(into: &messages)
        for message in messages {
            switch message {
            case .response(let id, let response):
                guard Int(id.fd) < connections.count, let connection = connections[Int(id.fd)],
                    connection.id == id, case .waitingForHandler(let request) = connection.state
                else { continue }
                if !connection.wantsRead && !connection.readClosed {
                    connection.wantsRead = true
                    updateInterest(connection)
                }
                respond(connection, request, response)
                advance(connection)
            case .broadcast(let topic, let id, let bytes):
                broadcast(topic: topic, id: id, bytes: bytes)
            case .shutdown:
                beginShutdown()
            }
        }
        messages.removeAll(keepingCapacity: true)
    }

    private func tick() {
        for case let connection? in connections {
            if !connection.output.isEmpty && now - connection.lastWriteProgress > settings.writeTimeout {
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
                if now >= connection.nextHeartbeat {
                    connection.nextHeartbeat = now + connection.heartbeatInterval
                    if connection.queuedBytes + Self.heartbeat.count > connection.queueLimit {
                        close(connection)
                    } else {
                        send(connection, Self.heartbeat)
                    }
                }
            case .waitingForHandler:
                break
            }
        }
    }

    private func beginShutdown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        shutdownDeadline = now + settings.shutdownGracePeriod
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
        inbox.close()
        cel_forget_termination_fd(inbox.wakeFD)
        _ = cel_close(inbox.wakeFD)
        _ = cel_close(epollFD)
        onStop()
    }

    // MARK: - Writing

    /// Sends what `respond`/`fail` encoded into the output buffer.
    private func flush(_ connection: Connection) {
        if !outBuffer.isEmpty {
            if send(connection, outBuffer) {
                outBuffer.removeAll(keepingCapacity: true)
            } else {
                outBuffer = []
                outBuffer.reserveCapacity(16 * 1024)
            }
        }
        if connections[Int(connection.id.fd)] === connection { finishWriting(connection) }
    }

    /// Writes `bytes` now if nothing is queued, and queues what the socket does not take.
    /// Returns true when `bytes` was not kept (so the caller may reuse its storage).
    @discardableResult
    private func send(_ connection: Connection, _ bytes: [UInt8]) -> Bool {
        guard connection.output.isEmpty else {
            connection.output.append(bytes)
            connection.queuedBytes += bytes.count
            return false
        }
        let written = bytes.withUnsafeBytes { cel_write(connection.id.fd, $0.baseAddress, $0.count) }
        if written < 0 && -written != EAGAIN && -written != EWOULDBLOCK {
            close(connection)
            return true
        }
        let done = max(0, written)
        connection.lastWriteProgress = now  // Progress, or the start of a stall.
        if done == bytes.count { return true }
        connection.output.append(bytes)
        connection.outputOffset = done
        connection.queuedBytes = bytes.count - done
        updateInterest(connection)
        return false
    }

    private func writeQueued(_ connection: Connection) {
        while let first = connection.output.first {
            let offset = connection.outputOffset
            let written = first.withUnsafeBytes {
                cel_write(connection.id.fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if -written != EAGAIN && -written != EWOULDBLOCK { close(connection) }
                return
            }
            connection.lastWriteProgress = now
            connection.queuedBytes -= written
            if offset + written < first.count {
                connection.outputOffset += written
                return
            }
            connection.output.removeFirst()
            connection.outputOffset = 0
        }
        finishWriting(connection)
    }

    /// Called when the queue may have drained: drops write interest, and closes or half-closes
    /// a connection whose last response is out.
    private func finishWriting(_ connection: Connection) {
        guard connection.output.isEmpty else { return }
        connection.queuedBytes = 0
        if case .closing = connection.state {
            if connection.readClosed {
                close(connection)
                return
            }
            _ = cel_shutdown_write(connection.id.fd)
            connection.state = .draining
            connection.deadline = now + Self.drainTimeout
            connection.wantsRead = true
        }
        updateInterest(connection)
    }

    private func updateInterest(_ connection: Connection) {
        var interest: UInt32 = 0
        if connection.wantsRead && !connection.readClosed { interest |= UInt32(CEL_READABLE) }
        if !connection.output.isEmpty { interest |= UInt32(CEL_WRITABLE) }
        guard interest != connection.registeredInterest else { return }
        connection.registeredInterest = interest
        _ = cel_epoll_modify(epollFD, connection.id.fd, interest, UInt64(connection.id.fd))
    }

    private func close(_ connection: Connection) {
        let index = Int(connection.id.fd)
        guard index < connections.count, connections[index] === connection else { return }
        if case .streaming = connection.state {
            for topic in connection.topics {
                subscribers[topic]?[connection.id.fd] = nil
                if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
            }
            connection.hub?.closeStream(topics: connection.topics)
            connection.hub = nil
            statistics.openStreams.subtract(1, ordering: .relaxed)
        }
        connections[index] = nil
        openCount -= 1
        statistics.openConnections.subtract(1, ordering: .relaxed)
        connection.output = []
        _ = cel_close(connection.id.fd)
        if listenerPaused && accepting {
            listenerPaused = false
            _ = cel_epoll_add_exclusive(epollFD, listener.fd, Self.listenToken)
        }
    }

    /// Writes one line to standard error.
    private static func warn(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Takes the listening socket out of this loop and lets go of it (once).
    private func stopAccepting() {
        guard accepting else { return }
        accepting = false
        if !listenerPaused { _ = cel_epoll_remove(epollFD, listener.fd) }
        listener.release()
    }

    private func refreshDate() {
        let second = cel_wall_clock_seconds()
        guard second != dateSecond else { return }
        dateSecond = second
        dateLine = Array("Date: \(StaticFiles.httpDate(second))\r\n".utf8)
    }
}
