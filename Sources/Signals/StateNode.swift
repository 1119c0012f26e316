/// The node behind a `State`: a stored value, its equality and an optional companion counter
/// (the `changes` of the `SignalModel` it belongs to) bumped with every change.
final class StateNode<Value: Sendable>: ValueNode<Value>, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by the graph lock.

    private var value: Value
    private let isEqual: (@Sendable (Value, Value) -> Bool)?
    /// Bumped in the same wave as every change of this state (see `Tracked`).
    var companion: StateNode<Int>?

    init(_ value: Value, isEqual: (@Sendable (Value, Value) -> Bool)?) {
        self.value = value
        self.isEqual = isEqual
        super.init(order: Graph.shared.nextOrder())
    }

    override func currentValue() -> Value {
        value
    }

    /// Atomically transforms the value; notifies (before returning) when it changed.
    func write<R, E: Error>(_ transform: (inout Value) throws(E) -> R) throws(E) -> R {
        let graph = Graph.shared
        let context = graph.currentContext()
        if let context, context.holdsLock {
            // A computation must not have side effects: report it and leave the state as is.
            SignalDiagnostics.report(.writeDuringComputation)
            var copy = value
            return try transform(&copy)
        }
        let depth = context.map { $0.isDelivering ? $0.depth + 1 : 0 } ?? 0
        var wave: [Node] = []
        var replaced: Value?
        let result: Result<R, E> = graph.locked(context) { _ in
            var newValue = value
            let result: Result<R, E>
            do throws(E) { result = .success(try transform(&newValue)) } catch { return .failure(error) }
            if let isEqual, isEqual(value, newValue) { return result }
            replaced = value
            value = newValue
            changed(depth: depth, into: &wave, graph)
            return result
        }
        withExtendedLifetime(replaced) {}  // the old value is released here, outside the lock
        graph.dispatch(wave, context)
        return try result.get()
    }

    /// Replaces the value; notifies (before returning) when it changed.
    func set(_ newValue: Value) {
        let graph = Graph.shared
        let context = graph.currentContext()
        if let context, context.holdsLock {
            SignalDiagnostics.report(.writeDuringComputation)
            return
        }
        let depth = context.map { $0.isDelivering ? $0.depth + 1 : 0 } ?? 0
        var wave: [Node] = []
        var replaced: Value?
        graph.locked(context) { _ in
            if let isEqual, isEqual(value, newValue) { return }
            replaced = value
            value = newValue
            changed(depth: depth, into: &wave, graph)
        }
        withExtendedLifetime(replaced) {}  // the old value is released here, outside the lock
        graph.dispatch(wave, context)
    }

    /// Bookkeeping of a change, under the lock.
    private func changed(depth: Int, into wave: inout [Node], _ graph: Graph) {
        version &+= 1
        graph.globalVersion &+= 1
        graph.markTargets(of: self, depth: depth, into: &wave)
        if let companion {
            companion.value &+= 1
            companion.version &+= 1
            graph.markTargets(of: companion, depth: depth, into: &wave)
        }
    }
}

extension StateNode {
    /// Makes every change of this state also bump `counter` (once; later calls are no-ops).
    func attachCompanion(_ counter: StateNode<Int>) {
        let graph = Graph.shared
        graph.locked(graph.currentContext()) { _ in
            if companion == nil { companion = counter }
        }
    }
}
