import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A shared session's delegate (`URLSessionTransport`): one entry per running transfer, keyed by
/// task identifier, with its transport's body limit.
final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), RemoteError>

    /// A transfer's body limit, and where its transport counts the largest body it held.
    struct Limit: Sendable {
        var maxBodySize: Int
        var peak: @Sendable (Int) -> Void
    }

    private struct Transfer {
        var continuation: CheckedContinuation<Outcome, Never>
        var limit: Limit
        var body = Data()
        var response: HTTPURLResponse?
    }

    private let running = Mutex([Int: Transfer]())

    /// Registers the transfer: its outcome goes to `continuation`, once.
    func register(_ task: URLSessionDataTask, limit: Limit, reportingTo continuation: CheckedContinuation<Outcome, Never>) {
        running.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation, limit: limit) }
    }

    /// Ends a registered transfer with `.cancelled` at once and stops the download (on the
    /// calling thread: the session's queue).
    func cancel(_ task: URLSessionDataTask) {
        finishCancelled(task)
        task.cancel()
    }

    /// Ends a registered transfer with `.cancelled` at once; the download is stopped apart.
    func finishCancelled(_ task: URLSessionDataTask) {
        finish(task, with: .failure(.cancelled))
    }

    /// Resumes the waiting caller once; later events of the same task find no entry.
    private func finish(_ task: URLSessionTask, with outcome: Outcome) {
        let transfer = running.withLock { $0.removeValue(forKey: task.taskIdentifier) }
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
        let limit = running.withLock { $0[dataTask.taskIdentifier]?.limit.maxBodySize } ?? .max
        if http.expectedContentLength > Int64(limit) {
            finish(dataTask, with: .failure(.tooLarge(limit: limit)))
            completionHandler(.cancel)
            return
        }
        running.withLock { $0[dataTask.taskIdentifier]?.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let held = running.withLock { running -> (size: Int, limit: Limit)? in
            guard var transfer = running.removeValue(forKey: dataTask.taskIdentifier) else { return nil }
            transfer.body.append(data)
            running[dataTask.taskIdentifier] = transfer
            return (transfer.body.count, transfer.limit)
        }
        guard let held else { return }
        held.limit.peak(held.size)
        if held.size > held.limit.maxBodySize {
            finish(dataTask, with: .failure(.tooLarge(limit: held.limit.maxBodySize)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task, with: .failure(Self.remoteError(for: error)))
            return
        }
        let transfer = running.withLock { $0.removeValue(forKey: task.taskIdentifier) }
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
