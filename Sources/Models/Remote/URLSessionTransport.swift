import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPTransport`: a `URLSession` with timeouts, cancellation that reaches the socket,
/// and a body size limit enforced while the body streams in.
///
/// A body over `maxBodySize` (declared by `Content-Length` or counted as it arrives) cancels the
/// transfer and ends in `RemoteError.tooLarge`; the transport never holds more than the limit
/// plus one chunk. (FoundationNetworking hands chunks to the delegate queue without
/// back-pressure, so on a fast link some more may be read before the cancel lands; those chunks
/// are dropped as they arrive, not kept.)
///
/// Transports share one `URLSession` per pair of timeouts for the whole process (`SharedSession`),
/// never invalidated: on Linux, tearing a session down races FoundationNetworking's cancellation
/// of its sockets' dispatch sources (swift-corelibs-foundation #4791, still seen in 6.3: the test
/// process, which starts and stops dozens of apps, crashed once in `_dispatch_event_loop_drain`),
/// and one session also keeps its connections for every transport.
public final class URLSessionTransport: HTTPTransport {
    /// The largest body accepted, in bytes.
    public let maxBodySize: Int
    private let shared: SharedSession
    /// The largest body this transport has held at once.
    private let peak = Mutex(0)

    /// Makes a transport. `requestTimeout` is the longest silence allowed while waiting for
    /// bytes, `resourceTimeout` the longest a whole transfer may take; both are at least one
    /// second, because FoundationNetworking counts them in whole seconds (0.5 s times out at once).
    public init(
        requestTimeout: TimeInterval = 15, resourceTimeout: TimeInterval = 60,
        maxBodySize: Int = 10 * 1_048_576
    ) {
        self.maxBodySize = maxBodySize
        shared = SharedSession.with(requestTimeout: max(1, requestTimeout), resourceTimeout: max(1, resourceTimeout))
    }

    /// The largest body this transport has held at once, in bytes (for tests of the limit).
    var peakBufferedBytes: Int {
        peak.withLock { $0 }
    }

    /// Sends `request`; cancelling the calling task cancels the transfer (`RemoteError.cancelled`).
    ///
    /// The transfer is made and started on the session's own queue, not on the calling thread:
    /// FoundationNetworking waits there for the session's work queue (a `DispatchQueue.sync`),
    /// which is busy while libcurl serves the session's other transfers, and the caller runs on
    /// Swift's cooperative pool (two threads here), where such a wait holds up every handler.
    public func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
        let shared = self.shared
        let limit = Transfers.Limit(maxBodySize: maxBodySize, peak: { [weak self] size in
            self?.peak.withLock { $0 = max($0, size) }
        })
        // The transfer once made, and whether the caller was cancelled before it was.
        let started = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                shared.starter.async {
                    let task = shared.session.dataTask(with: request)
                    shared.transfers.register(task, limit: limit, reportingTo: continuation)
                    // Registered first: a cancellation from now on finds the transfer and ends it.
                    let cancelled = started.withLock { started in
                        started.task = task
                        return started.cancelled
                    }
                    if cancelled { shared.transfers.cancel(task) } else { task.resume() }
                }
            }
        } onCancel: {
            let task = started.withLock { started in
                started.cancelled = true
                return started.task
            }
            // The caller is told at once; the transfer is stopped on the session's queue, since
            // `URLSessionTask.cancel()` waits for the session's work queue too (and a task is
            // cancelled on the canceller's thread: the main actor, when a request supersedes one).
            if let task {
                shared.transfers.finishCancelled(task)
                shared.starter.async { task.cancel() }
            }
        }
        return try result.get()
    }
}

/// One `URLSession` of the process, its delegate and its queues, for one pair of timeouts.
final class SharedSession: Sendable {
    let session: URLSession
    let transfers = Transfers()
    /// Where transfers are made and started (see `URLSessionTransport.send`).
    let starter = DispatchQueue(label: "adivina.transport.start")
    /// Kept here: an `OperationQueue` does not retain its underlying queue.
    private let callbackQueue = DispatchQueue(label: "adivina.transport.callbacks")

    private struct Timeouts: Hashable {
        var request: TimeInterval
        var resource: TimeInterval
    }

    private static let sessions = Mutex<[Timeouts: SharedSession]>([:])

    /// The process's session for these timeouts, made the first time they are asked for.
    static func with(requestTimeout: TimeInterval, resourceTimeout: TimeInterval) -> SharedSession {
        let timeouts = Timeouts(request: requestTimeout, resource: resourceTimeout)
        return sessions.withLock { sessions in
            if let session = sessions[timeouts] { return session }
            let session = SharedSession(timeouts)
            sessions[timeouts] = session
            return session
        }
    }

    private init(_ timeouts: Timeouts) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeouts.request
        configuration.timeoutIntervalForResource = timeouts.resource
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        // The delegate's callbacks (bytes in, transfer done) run on a serial queue, which Dispatch
        // serves with a thread of its own: the default queue's threads are, on Linux, those of
        // Swift's cooperative pool, where busy request handlers would delay every download.
        let callbacks = OperationQueue()
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = callbackQueue
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: callbacks)
    }
}
