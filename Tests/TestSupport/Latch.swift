import Dispatch
import Synchronization

/// A one-way gate that async code can wait on with a deadline, without holding a thread.
///
/// `open()` may be called from any thread (a process's termination handler, a reader thread);
/// waiters are resumed at once. The deadline is a Dispatch timer, so a waiter is released in time
/// even when Swift's cooperative pool is busy.
public final class Latch: Sendable {
    private struct Waiting {
        var isOpen = false
        var next = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(Waiting())
    /// A serial queue gets a thread of its own when needed; `DispatchQueue.global()` on Linux
    /// shares the cooperative pool's threads, which may be the ones that are busy.
    private static let timers = DispatchQueue(label: "adivina.tests.latch")

    public init() {}

    /// Whether `open()` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate and resumes every waiter with `true`.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits until the gate opens (`true`) or `timeout` passes (`false`).
    public func wait(timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            let ticket = state.withLock { state -> Int? in
                if state.isOpen { return nil }
                state.next += 1
                state.waiters[state.next] = continuation
                return state.next
            }
            guard let ticket else { return continuation.resume(returning: true) }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            Self.timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                self.state.withLock { $0.waiters.removeValue(forKey: ticket) }?.resume(returning: false)
            }
        }
    }
}
