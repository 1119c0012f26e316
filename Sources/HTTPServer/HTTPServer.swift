import CEventLoop
import Foundation

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
        /// Open connections allowed at once; further connections are closed at once.
        public var maxConnections: Int
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
            eventLoops: Int = Configuration.defaultEventLoops, errorRenderer: ErrorRenderer? = nil
        ) {
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
    /// The port the server listens on (the real one when 0 was asked for).
    public let port: Int
    private let inboxes: [LoopInbox]
    private let stopped: StopSignal
    private let statistics = ServerStatistics()

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
    /// Throws `StartError` when the port is taken or cannot be bound.
    public init(configuration: Configuration = Configuration(), router: Router) throws {
        _ = cel_raise_open_file_limit()
        var boundPort: Int32 = 0
        let listenFD = cel_listen(configuration.host, Int32(configuration.port), Int32(configuration.backlog), &boundPort)
        if listenFD < 0 {
            let code = -listenFD
            if code == EADDRINUSE {
                throw StartError.addressInUse(host: configuration.host, port: configuration.port)
            }
            let reason = code >= 100_000
                ? String(cString: cel_resolver_message(code - 100_000))
                : String(cString: cel_error_message(code))
            throw StartError.cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        let loopCount = min(Configuration.maxEventLoops, max(1, configuration.eventLoops))
        var loopFDs: [(epoll: Int32, wake: Int32)] = []
        for _ in 0..<loopCount {
            let epollFD = cel_epoll_create()
            let wakeFD = cel_eventfd_create()
            loopFDs.append((epollFD, wakeFD))
            guard epollFD >= 0, wakeFD >= 0 else {
                for fds in loopFDs {
                    if fds.epoll >= 0 { _ = cel_close(fds.epoll) }
                    if fds.wake >= 0 { _ = cel_close(fds.wake) }
                }
                _ = cel_close(listenFD)
                throw StartError.cannotListen(
                    host: configuration.host, port: configuration.port, reason: "cannot create the event loop")
            }
        }
        host = configuration.host
        port = Int(boundPort)
        inboxes = loopFDs.map { LoopInbox(wakeFD: $0.wake) }
        stopped = StopSignal(count: loopCount)
        let listener = Listener(fd: listenFD, holders: loopCount)
        let settings = EventLoop.Settings(
            maxConnections: configuration.maxConnections,
            timeouts: EventLoop.Timeouts(
                head: configuration.requestHeadTimeout.nanoseconds,
                body: configuration.requestBodyTimeout.nanoseconds,
                idle: configuration.idleTimeout.nanoseconds,
                write: configuration.writeTimeout.nanoseconds,
                shutdownGracePeriod: configuration.shutdownGracePeriod.nanoseconds),
            defaultBodyLimit: configuration.limits.maxBodyBytes,
            accessLog: configuration.accessLog,
            errors: ErrorResponder(renderer: configuration.errorRenderer))
        let parser = HTTPRequestParser(limits: configuration.limits)
        for (index, inbox) in inboxes.enumerated() {
            let epollFD = loopFDs[index].epoll
            let thread = Thread { [stopped, statistics, inboxes] in
                let loop = EventLoop(
                    epollFD: epollFD, listener: listener, inbox: inbox, peers: inboxes, router: router, parser: parser,
                    settings: settings, statistics: statistics,
                    onStop: { stopped.fire() })
                loop.run()
            }
            thread.name = "HTTPServer event loop \(index + 1)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Stops gracefully: stops accepting, lets in-flight requests finish (up to the grace period),
    /// closes event streams and idle connections. Returns when every loop has stopped.
    public func shutdown() async {
        for inbox in inboxes { inbox.post(.shutdown) }
        await waitUntilStopped()
    }

    /// Makes SIGINT and SIGTERM shut this server down gracefully instead of killing the process.
    /// The executable then awaits `waitUntilStopped()` and exits with status 0. Once every server
    /// that asked for this has stopped, the signals' default actions are restored.
    public func shutdownOnTerminationSignals() {
        for inbox in inboxes { _ = cel_shutdown_on_termination_signals(inbox.wakeFD) }
    }

    /// Returns when the server has stopped (after `shutdown()` from anywhere).
    public func waitUntilStopped() async {
        await stopped.wait()
    }
}
