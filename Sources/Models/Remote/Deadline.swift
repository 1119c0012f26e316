import Dispatch
import Synchronization

/// The longest a model waits for one remote call, counted from the moment the user asked.
///
/// The transport's timeouts cover the wire; this covers everything else as well — the wait for a
/// thread before the request is sent, a transport that never answers, the decoding after the
/// answer — so that every download, check or reload ends in data or an error, never in a
/// `loading` that lasts. The timer is a Dispatch timer started when the call starts: it fires on
/// time however busy Swift's cooperative pool is.
public enum Deadline {
    /// 20 s: longer than `URLSessionTransport`'s 15 s silence limit, so that a silent server gets
    /// the transport's own timeout first, and short enough that nobody waits in front of a spinner.
    public static let standard: Duration = .seconds(20)

    /// Runs `operation` in a task of its own and returns its outcome, or `.timeout` once `limit`
    /// has passed (the operation is then cancelled; its late outcome is dropped). Cancelling the
    /// calling task cancels the operation.
    static func run<Value: Sendable>(
        within limit: Duration, _ operation: @escaping @Sendable () async throws(RemoteError) -> Value
    ) async -> Result<Value, RemoteError> {
        let task = Task<Result<Value, RemoteError>, Never> {
            do throws(RemoteError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let outcome = FirstOutcome(continuation)
                Task { outcome.resume(with: await task.value) }
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(limit.wholeNanoseconds)) {
                    if outcome.resume(with: .failure(.timeout)) { task.cancel() }
                }
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Resumes a continuation with whichever outcome comes first; later ones are dropped.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes with `value` if nothing did before; says whether this call did.
    @discardableResult
    func resume(with value: Value) -> Bool {
        guard let waiting = continuation.withLock({ $0.take() }) else { return false }
        waiting.resume(returning: value)
        return true
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations count as zero).
    var wholeNanoseconds: Int {
        let (seconds, attoseconds) = components
        return max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
