/// Keeps a subscription or an effect alive: cancelling it, or releasing the last reference to it,
/// stops the callbacks. Once `cancel()` has returned, no new call starts.
public final class Subscription: Sendable {
    private let observer: ObserverNode

    init(_ observer: ObserverNode) {
        self.observer = observer
    }

    /// Stops the callbacks (idempotent; safe from inside a callback, its own included).
    public func cancel() {
        Graph.locked(ThreadContext.current) { trash in
            if !observer.flags.contains(.cancelled) { observer.cancel(&trash) }
        }
    }

    deinit {
        cancel()
    }
}
