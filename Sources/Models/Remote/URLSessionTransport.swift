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
public final class URLSessionTransport: HTTPTransport {
    /// The largest body accepted, in bytes.
    public let maxBodySize: Int
    private let session: URLSession
    /// Kept here: an `OperationQueue` does not retain its underlying queue.
    private let callbackQueue = DispatchQueue(label: "adivina.transport.callbacks")
    /// Where transfers are made and started (see `send`).
    private let starter = DispatchQueue(label: "adivina.transport.start")
    private let transfers: Transfers

    /// Makes a transport. `requestTimeout` is the longest silence allowed while waiting for
    /// bytes, `resourceTimeout` the longest a whole transfer may take; both are at least one
    /// second, because FoundationNetworking counts them in whole seconds (0.5 s times out at once).
    public init(
        requestTimeout: TimeInterval = 15, resourceTimeout: TimeInterval = 60,
        maxBodySize: Int = 10 * 1_048_576
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, requestTimeout)
        configuration.timeoutIntervalForResource = max(1, resourceTimeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.maxBodySize = maxBodySize
        transfers = Transfers(maxBodySize: maxBodySize)
        // The delegate's callbacks (bytes in, transfer done) run on a serial queue, which Dispatch
        // serves with a thread of its own: the default queue's threads are, on Linux, those of
        // Swift's cooperative pool, where busy request handlers would delay every download.
        let callbacks = OperationQueue()
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = callbackQueue
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: callbacks)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// The largest body this transport has held at once, in bytes (for tests of the limit).
    var peakBufferedBytes: Int {
        transfers.peakBufferedBytes
    }

    /// Sends `request`; cancelling the calling task cancels the transfer (`RemoteError.cancelled`).
    ///
    /// The transfer is made and started on `starter`, not on the calling thread: FoundationNetworking
    /// waits there for the session's work queue (a `DispatchQueue.sync`), which is busy while
    /// libcurl serves the session's other transfers, and the caller runs on Swift's cooperative
    /// pool (two threads here), where such a wait holds up every request handler.
    public func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
        let (session, transfers) = (self.session, self.transfers)
        // The transfer once made, and whether the caller was cancelled before it was.
        let started = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                starter.async {
                    let task = session.dataTask(with: request)
                    transfers.register(task, reportingTo: continuation)
                    // Registered first: a cancellation from now on finds the transfer and ends it.
                    let cancelled = started.withLock { started in
                        started.task = task
                        return started.cancelled
                    }
                    if cancelled { transfers.cancel(task) } else { task.resume() }
                }
            }
        } onCancel: {
            let task = started.withLock { started in
                started.cancelled = true
                return started.task
            }
            if let task { transfers.cancel(task) }
        }
        return try result.get()
    }
}

/// The session delegate: one entry per running transfer, keyed by task identifier.
private final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), RemoteError>

    private struct Transfer {
        var continuation: CheckedContinuation<Outcome, Never>
        var body = Data()
        var response: HTTPURLResponse?
    }

    private let maxBodySize: Int
    private struct Running {
        var transfers: [Int: Transfer] = [:]
        var peakBufferedBytes = 0
    }

    private let running = Mutex(Running())

    init(maxBodySize: Int) {
        self.maxBodySize = maxBodySize
    }

    var peakBufferedBytes: Int {
        running.withLock { $0.peakBufferedBytes }
    }

    /// Registers the transfer: its outcome goes to `continuation`, once.
    func register(_ task: URLSessionDataTask, reportingTo continuation: CheckedContinuation<Outcome, Never>) {
        running.withLock { $0.transfers[task.taskIdentifier] = Transfer(continuation: continuation) }
    }

    /// Ends a registered transfer with `.cancelled` at once and stops the download.
    func cancel(_ task: URLSessionDataTask) {
        finish(task, with: .failure(.cancelled))
        task.cancel()
    }

    /// Resumes the waiting caller once; later events of the same task find no entry.
    private func finish(_ task: URLSessionTask, with outcome: Outcome) {
        let transfer = running.withLock { $0.transfers.removeValue(forKey: task.taskIdentifier) }
        transfer?.continuation.resume(returning: outcome)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            finish(dataTask, with: .failure(.malformed("la respuesta no es HTTP")))
            completionHandler(.cancel)
            return
        }
        if http.expectedContentLength > Int64(maxBodySize) {
            finish(dataTask, with: .failure(.tooLarge(limit: maxBodySize)))
            completionHandler(.cancel)
            return
        }
        running.withLock { $0.transfers[dataTask.taskIdentifier]?.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = running.withLock { running -> Bool in
            guard var transfer = running.transfers.removeValue(forKey: dataTask.taskIdentifier) else { return false }
            transfer.body.append(data)
            let size = transfer.body.count
            running.peakBufferedBytes = max(running.peakBufferedBytes, size)
            running.transfers[dataTask.taskIdentifier] = transfer
            return size > maxBodySize
        }
        if overflow {
            finish(dataTask, with: .failure(.tooLarge(limit: maxBodySize)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task, with: .failure(Self.remoteError(for: error)))
            return
        }
        let transfer = running.withLock { $0.transfers.removeValue(forKey: task.taskIdentifier) }
        guard let transfer else { return }
        if let response = transfer.response ?? (task.response as? HTTPURLResponse) {
            transfer.continuation.resume(returning: .success((transfer.body, response)))
        } else {
            transfer.continuation.resume(returning: .failure(.malformed("respuesta HTTP sin cabecera")))
        }
    }

    private static func remoteError(for error: any Error) -> RemoteError {
        guard let urlError = error as? URLError else { return .offline }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .dataLengthExceedsMaximum: return .malformed("cuerpo demasiado grande")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return .malformed("respuesta HTTP no válida")
        default: return .offline
        }
    }
}
