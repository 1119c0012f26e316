/// Runs `body` now and again whenever a signal it read last time changes, until the returned
/// `Subscription` is cancelled or released.
///
/// Like subscriber calls, runs happen on the thread that made the change, never two at once for
/// one effect. An effect may write signals; an effect that keeps re-triggering itself is stopped
/// after `SignalError.notificationCycle` is reported.
public func effect(_ body: @escaping @Sendable () -> Void) -> Subscription {
    let node = EffectNode(body)
    Graph.observe(node) { _, _ in }
    return Subscription(node)
}
