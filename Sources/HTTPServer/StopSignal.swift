import Synchronization

/// A one-shot "every loop has stopped" signal that any number of tasks can await.
final class StopSignal: Sendable {
    private let state: Mutex<(running: Int, done: Bool, waiters: [CheckedContinuation<Void, Never>])>

    /// Makes a signal that fires once `fire()` has been called `count` times.
    init(count: Int) {
        state = Mutex((count, false, []))
    }

    /// Counts one loop as stopped; the last one resumes every waiter.
    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
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
