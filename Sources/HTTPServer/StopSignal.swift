import Synchronization

/// A one-shot "the loop has stopped" signal that any number of tasks can await.
final class StopSignal: Sendable {
    private let state = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Marks the signal as fired and resumes every waiter.
    func fire() {
        let waiters = state.withLock { state in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `fire()` has been called.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyDone = state.withLock { state in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if alreadyDone { continuation.resume() }
        }
    }
}
