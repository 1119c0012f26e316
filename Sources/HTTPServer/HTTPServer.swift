import CEventLoop
import Foundation
import Synchronization

/// An HTTP/1.1 server: binds on `init`, serves on its own event-loop thread(s) until `shutdown()`.
/// Handlers run as Swift tasks; socket I/O never blocks the cooperative pool.
///
///     var router = Router()
///     router.get("/hello/:name") { request in .text("Hola, \(request.parameters["name"]!)") }
///     let server = try HTTPServer(configuration: .init(port: 0), router: router)
///     print(server.port)
///     await server.shutdown()
public final class HTTPServer: Sendable {
    /// Words the body of an error response the server makes itself (see `HTTPErrorContext`), e.g.
    /// JSON for an API. Returns nil to keep the plain-text default. Only the returned body and
    /// `Content-Type` are used: the status, `Allow` and `Connection: close` stay the server's.
    /// It runs on the event loop, so it must be quick and must not block.
    public typealias ErrorRenderer = @Sendable (HTTPErrorContext) -> HTTPResponse?

    /// Where to listen, limits and timeouts.
    public struct Configuration: Sendable {
        /// Host name or address to bind (default loopback only).
        public var host: String
        /// Port to bind; 0 picks a free port (read it back from `HTTPServer.port`).
        public var port: Int
        /// Request-head, header-field, target and default body limits.
        public var limits: HTTPRequestParser.Limits
        /// Open connections allowed at once, at most (the server takes fewer when the process's
        /// open-file limit leaves room for fewer: see `HTTPServer.connectionCap`); a further
        /// connection is answered 503 with `Retry-After` and closed.
        public var maxConnections: Int
        /// Caps on each client address's connections; nil for none.
        public var clientCaps: ClientCaps?
        /// Time for a request head to arrive completely (slowloris protection) → 408.
        public var requestHeadTimeout: Duration
        /// Time for a request body to arrive completely → 408.
        public var requestBodyTimeout: Duration
        /// An idle keep-alive connection is closed after this.
        public var idleTimeout: Duration
        /// A client that takes no bytes for this long is dropped.
        public var writeTimeout: Duration
        /// On shutdown, in-flight requests get this long to finish.
        public var shutdownGracePeriod: Duration
        /// Listen backlog.
        public var backlog: Int
        /// Where to log one line per request; nil logs nothing.
        public var accessLog: AccessLog?
        /// Event-loop threads sharing the listening socket (each owns its connections), from 1 to
        /// `maxEventLoops`; by default one per core.
        public var eventLoops: Int
        /// How the server's own error responses are worded; nil keeps plain text for all.
        public var errorRenderer: ErrorRenderer?

        /// One loop per core this process may run on, at most `maxEventLoops`.
        public static var defaultEventLoops: Int {
            min(maxEventLoops, max(1, ProcessInfo.processInfo.activeProcessorCount))
        }

        /// The most event loops a server runs (more are clamped): the termination-signal handler
        /// wakes at most 16 loops per process (`cel_shutdown_on_termination_signals`).
        public static let maxEventLoops = 16

        /// Makes a configuration; every argument has a sensible default.
        public init(
            host: String = "127.0.0.1", port: Int = 8080,
            limits: HTTPRequestParser.Limits = HTTPRequestParser.Limits(), maxConnections: Int = 16_384,
            requestHeadTimeout: Duration = .seconds(10), requestBodyTimeout: Duration = .seconds(30),
            idleTimeout: Duration = .seconds(60), writeTimeout: Duration = .seconds(30),
            shutdownGracePeriod: Duration = .seconds(5), backlog: Int = 1024, accessLog: AccessLog? = nil,
            eventLoops: Int = Configuration.defaultEventLoops, errorRenderer: ErrorRenderer? = nil,
            clientCaps: ClientCaps? = nil
        ) {
            self.clientCaps = clientCaps
            self.eventLoops = eventLoops
            self.errorRenderer = errorRenderer
            self.host = host
            self.port = port
            self.limits = limits
            self.maxConnections = maxConnections
            self.requestHeadTimeout = requestHeadTimeout
            self.requestBodyTimeout = requestBodyTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.shutdownGracePeriod = shutdownGracePeriod
            self.backlog = backlog
            self.accessLog = accessLog
        }
    }

    /// Why the server could not start.
    public enum StartError: Error, Equatable, CustomStringConvertible {
        /// Another process already listens on the port.
        case addressInUse(host: String, port: Int)
        /// Binding or listening failed for another reason.
        case cannotListen(host: String, port: Int, reason: String)

        /// A sentence for the user, naming the host and port.
        public var description: String {
            switch self {
            case .addressInUse(let host, let port):
                "cannot listen on \(host):\(port): the port is already in use"
            case .cannotListen(let host, let port, let reason):
                "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// The host the server listens on.
    public let host: String
    /// The connections this server keeps open at once (`Configuration.maxConnections`, or fewer
    /// when the open-file limit leaves room for fewer).
    public let maxConnections: Int
    /// The port the server listens on (the real one when 0 was asked for).
    public let port: Int
    private let inboxes: [LoopInbox]
    /// The event loops' threads until they are started (`startServing`), then empty.
    private let unstarted: Mutex<[Thread]>
    private let stopped: StopSignal
    private let statistics = ServerStatistics()

    /// The readiness backend this build serves with: "epoll" (Linux) or "poll" (macOS, and the
    /// portable build `-DADIVINA_PORTABLE` that runs the Mac's path on Linux).
    public static var readinessBackend: String { String(cString: cel_poller_backend()) }

    /// Connections open right now (event streams included).
    public var openConnections: Int { statistics.openConnections.load(ordering: .relaxed) }

    /// Event streams open right now.
    public var openEventStreams: Int { statistics.openStreams.load(ordering: .relaxed) }

    /// The bytes reserved right now by request bodies still arriving (at most
    /// `limits.maxBufferedBodyBytes`).
    public var bufferedBodyBytes: Int { statistics.bufferedBodyBytes.load(ordering: .relaxed) }

    /// Event streams closed so far because their client fell behind (its queue passed
    /// `SSEHub.Configuration.clientQueueLimit`); each is also said on stderr.
    public var eventStreamsClosedBehind: Int { statistics.streamsClosedBehind.load(ordering: .relaxed) }

    /// The event loops' connections (open, or handed over and on their way), one count per loop.
    var connectionsPerLoop: [Int] { inboxes.map { $0.load.load(ordering: .relaxed) } }

    /// Binds the port and starts serving `router` on `configuration.eventLoops` new threads.
    /// Throws `StartError` when the port is taken or cannot be bound. With `startsServing` false
    /// the port is bound (and `port` known) but nothing is answered until `startServing()`: a
    /// connection that arrives meanwhile waits in the listen backlog, then is served.
    public init(configuration: Configuration = Configuration(), router: Router, startsServing: Bool = true) throws {
        let fileLimit = cel_raise_open_file_limit()
        var boundPort: Int32 = 0
        let listenFD = cel_listen(configuration.host, Int32(configuration.port), Int32(configuration.backlog), &boundPort)
        if listenFD < 0 {
            let code = -listenFD
            if cel_errno_classify(code) == CEL_ERRNO_ADDRESS_IN_USE {
                throw StartError.addressInUse(host: configuration.host, port: configuration.port)
            }
            let reason = code >= 100_000
                ? String(cString: cel_resolver_message(code - 100_000))
                : String(cString: cel_error_message(code))
            throw StartError.cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        let loopCount = min(Configuration.maxEventLoops, max(1, configuration.eventLoops))
        var pollers: [OpaquePointer] = []
        var wakers: [(read: Int32, write: Int32)] = []
        for _ in 0..<loopCount {
            var error: Int32 = 0
            var waker: [Int32] = [-1, -1]
            let poller = cel_poller_create(&error)
            let wakerStatus = cel_waker_create(&waker)
            if let poller { pollers.append(poller) }
            if wakerStatus == 0 { wakers.append((waker[0], waker[1])) }
            guard poller != nil, wakerStatus == 0 else {
                for poller in pollers { cel_poller_destroy(poller) }
                for waker in wakers { cel_waker_close([waker.read, waker.write]) }
                _ = cel_close(listenFD)
                let reason = String(cString: cel_error_message(poller == nil ? error : -wakerStatus))
                throw StartError.cannotListen(
                    host: configuration.host, port: configuration.port, reason: "cannot create the event loop: \(reason)")
            }
        }
        host = configuration.host
        port = Int(boundPort)
        maxConnections = min(configuration.maxConnections, Self.connectionCap(openFileLimit: fileLimit > 0 ? Int(fileLimit) : Int.max))
        inboxes = wakers.map { LoopInbox(wakeReadFD: $0.read, wakeWriteFD: $0.write) }
        stopped = StopSignal(count: loopCount)
        let listener = Listener(fd: listenFD, holders: loopCount)
        let settings = EventLoop.Settings(
            maxConnections: maxConnections,
            timeouts: EventLoop.Timeouts(
                head: configuration.requestHeadTimeout.nanoseconds,
                body: configuration.requestBodyTimeout.nanoseconds,
                idle: configuration.idleTimeout.nanoseconds,
                write: configuration.writeTimeout.nanoseconds,
                shutdownGracePeriod: configuration.shutdownGracePeriod.nanoseconds),
            defaultBodyLimit: configuration.limits.maxBodyBytes,
            accessLog: configuration.accessLog,
            errors: ErrorResponder(renderer: configuration.errorRenderer),
            clientCounts: configuration.clientCaps.map(ClientCounts.init))
        let parser = HTTPRequestParser(limits: configuration.limits)
        var threads: [Thread] = []
        for (index, inbox) in inboxes.enumerated() {
            let poller = SendablePoller(pointer: pollers[index])
            let thread = Thread { [stopped, statistics, inboxes] in
                let loop = EventLoop(
                    poller: poller.pointer, listener: listener, inbox: inbox, peers: inboxes, router: router, parser: parser,
                    settings: settings, statistics: statistics,
                    onStop: { stopped.fire() })
                loop.run()
            }
            thread.name = "HTTPServer event loop \(index + 1)"
            thread.stackSize = 1 << 20
            threads.append(thread)
        }
        unstarted = Mutex(threads)
        if startsServing { startServing() }
    }

    /// Starts the event loops of a server made with `startsServing: false` (once; later calls do
    /// nothing).
    public func startServing() {
        for thread in unstarted.withLock({ threads in defer { threads = [] }; return threads }) { thread.start() }
    }

    /// The most connections a process with `openFileLimit` descriptors serves at once: the limit
    /// less a reserve for the process's own files and threads (the database and its log, static
    /// files being read, outgoing HTTP, the event loops' own descriptors, and libdispatch, which
    /// opens `/proc/<tid>/stat` for its threads and stops the process with SIGILL if it cannot):
    /// 64 plus an eighth of the limit. At 1,024 descriptors that is 832 connections; at 4,096,
    /// 3,520.
    public static func connectionCap(openFileLimit: Int) -> Int {
        guard openFileLimit < Int.max / 2 else { return Int.max }
        return max(1, openFileLimit - 64 - openFileLimit / 8)
    }

    /// Stops gracefully: stops accepting, lets in-flight requests finish (up to the grace period),
    /// closes event streams and idle connections. Returns when every loop has stopped.
    public func shutdown() async {
        startServing()  // A loop that never ran could not stop.
        for inbox in inboxes { inbox.post(.shutdown) }
        await waitUntilStopped()
    }

    /// Makes SIGINT and SIGTERM shut this server down gracefully instead of killing the process.
    /// The executable then awaits `waitUntilStopped()` and exits with status 0. Once every server
    /// that asked for this has stopped, the signals' default actions are restored.
    public func shutdownOnTerminationSignals() {
        for inbox in inboxes { _ = cel_shutdown_on_termination_signals(inbox.wakeWriteFD) }
    }

    /// Returns when the server has stopped (after `shutdown()` from anywhere).
    public func waitUntilStopped() async {
        await stopped.wait()
    }
}

/// A loop's readiness set on its way to the loop's thread.
///
/// `@unchecked Sendable`: the set is made on the starting thread and from then on touched only
/// by the one loop thread it is handed to (the starting thread keeps no copy).
private struct SendablePoller: @unchecked Sendable {
    let pointer: OpaquePointer
}
