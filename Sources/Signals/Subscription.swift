/// Keeps a subscription or an effect alive: cancelling it, or releasing the last reference to it,
/// stops the callbacks and lets go of the closure (and what it captured).
///
/// A cancel made on the thread delivering (from a callback, its own included) takes effect at
/// once: no later call starts. A cancel from another thread may race with a call already starting.
public final class Subscription: @unchecked Sendable {
    // @unchecked: `observer` is read and written only while holding the graph lock.

    @exclusivity(unchecked) private var observer: ObserverNode?

    init(_ observer: ObserverNode) {
        self.observer = observer
    }

    /// Stops the callbacks (idempotent; safe from inside a callback, its own included).
    public func cancel() {
        let cancelled: ObserverNode? = ThreadContext.withCurrentIfAny { context in
            Graph.locked(context) { trash in
                guard let observer else { return nil }
                self.observer = nil
                observer.cancel(&trash)
                // A fast wave may be about to call it, unretained: it releases it when done.
                if observer.joinedFastWave(redeliver: false, cancelled: observer) { return nil }
                return observer
            }
        }
        withExtendedLifetime(cancelled) {}  // released here, outside the lock
    }

    deinit {
        cancel()
    }
}
