/// Runs `body` now and again whenever a signal it read last time changes, until the returned
/// `Subscription` is cancelled or released.
///
/// Like subscriber calls, runs happen on the thread that made the change, never two at once for
/// one effect. An effect may write signals; an effect that keeps re-triggering itself is stopped
/// after `SignalError.notificationCycle` is reported.
public func effect(_ body: @escaping @Sendable () -> Void) -> Subscription {
    let graph = Graph.shared
    let context = graph.currentContext()
    let node = EffectNode(body)
    var wave: [Node] = []
    graph.locked(context) { _ in
        graph.schedule(node, depth: context.map { $0.isDelivering ? $0.depth + 1 : 0 } ?? 0, into: &wave)
    }
    graph.dispatch(wave, context)
    return Subscription(node)
}
