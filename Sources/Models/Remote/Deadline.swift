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

    /// Where the timers fire: a serial queue, which Dispatch serves with a thread of its own when
    /// needed. (On Linux `DispatchQueue.global()` shares its threads with Swift's cooperative
    /// pool, so a timer there would wait for the very threads it is meant not to depend on.)
    static let timers = DispatchQueue(label: "adivina.deadline.timers")

    /// Runs `operation` in a task of its own and returns its outcome, or `.timeout` once `limit`
    /// has passed (the operation is then cancelled; its late outcome is dropped). Cancelling the
    /// calling task cancels the operation.
    static func run<Value: Sendable>(
        within limit: Duration, isolation: isolated (any Actor)? = #isolation,
        _ operation: @escaping @Sendable () async throws(RemoteError) -> Value
    ) async -> Result<Value, RemoteError> {
        let call = Call(within: limit, operation)
        return await withTaskCancellationHandler {
            await call.outcome
        } onCancel: {
            call.cancel()
        }
    }

    /// One remote call under a deadline, started (timer armed) the moment it is made.
    final class Call<Value: Sendable>: Sendable {
        private let first = FirstOutcome<Result<Value, RemoteError>>()
        private let task: Task<Result<Value, RemoteError>, Never>

        /// Starts `operation` and the timer; synchronous, so the time counts from the caller's
        /// request even when every thread of the cooperative pool is busy.
        init(within limit: Duration, _ operation: @escaping @Sendable () async throws(RemoteError) -> Value) {
            let task = Task.detached { () async -> Result<Value, RemoteError> in
                do throws(RemoteError) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }
            self.task = task
            let first = self.first
            Deadline.timers.asyncAfter(deadline: .now() + .nanoseconds(limit.wholeNanoseconds)) {
                if first.resume(with: .failure(.timeout)) { task.cancel() }
            }
            Task.detached { first.resume(with: await task.value) }
        }

        /// The operation's outcome, or `.timeout` if the deadline came first.
        var outcome: Result<Value, RemoteError> {
            get async { await first.wait() }
        }

        /// Cancels the operation (a transport that honours it ends with `.cancelled`).
        func cancel() {
            task.cancel()
        }
    }
}

/// The first of several outcomes (the operation's, the timer's): whoever comes first is kept,
/// later ones are dropped; one caller waits for it.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private struct Slot {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let slot = Mutex(Slot())

    /// Keeps `value` if nothing came before, handing it to the waiter; says whether it was kept.
    @discardableResult
    func resume(with value: Value) -> Bool {
        let (kept, waiter) = slot.withLock { slot -> (Bool, CheckedContinuation<Value, Never>?) in
            guard slot.value == nil else { return (false, nil) }
            slot.value = value
            defer { slot.waiter = nil }
            return (true, slot.waiter)
        }
        waiter?.resume(returning: value)
        return kept
    }

    /// The first outcome, once there is one.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = slot.withLock { slot -> Value? in
                if slot.value == nil { slot.waiter = continuation }
                return slot.value
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations count as zero).
    var wholeNanoseconds: Int {
        let (seconds, attoseconds) = components
        return max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
