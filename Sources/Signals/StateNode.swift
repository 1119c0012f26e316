/// The node behind a `State`: a stored value, its equality and an optional companion counter
/// (the `changes` of the `SignalModel` it belongs to) bumped with every change.
final class StateNode<Value: Sendable>: ValueNode<Value>, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by the graph lock.

    @exclusivity(unchecked) private var value: Value
    private let isEqual: @Sendable (Value, Value) -> Bool
    /// Bumped in the same wave as every change of this state (see `Tracked`).
    @exclusivity(unchecked) var companion: StateNode<Int>?

    init(_ value: Value, isEqual: @escaping @Sendable (Value, Value) -> Bool) {
        self.value = value
        self.isEqual = isEqual
        super.init(order: Graph.nextOrder())
    }

    override func currentValue() -> Value {
        value
    }

    /// Atomically transforms the value; notifies (before returning) when it changed.
    func write<R, E: Error>(_ transform: (inout Value) throws(E) -> R) throws(E) -> R {
        if ThreadContext.isComputing {
            // A computation must not have side effects: report it and leave the state as is.
            SignalDiagnostics.report(.writeDuringComputation)
            var copy = Graph.locked(ThreadContext.current) { _ in value }
            return try transform(&copy)
        }
        var replaced: Value?
        var result: Result<R, E>?
        let mustDeliver: Bool = Graph.locked(nil) { trash in
            var newValue = value
            do throws(E) { result = .success(try transform(&newValue)) } catch {
                result = .failure(error)
                return false
            }
            if isEqual(value, newValue) { return false }
            swap(&value, &newValue)
            replaced = newValue
            return changed(&trash)
        }
        withExtendedLifetime(replaced) {}  // the old value is released here, outside the lock
        if mustDeliver { ThreadContext.withCurrentThread { Graph.deliver($0) } }
        return try result!.get()
    }

    /// Replaces the value; notifies (before returning) when it changed.
    func set(_ newValue: Value) {
        if ThreadContext.isComputing {
            SignalDiagnostics.report(.writeDuringComputation)
            return
        }
        var incoming = newValue
        let mustDeliver: Bool = Graph.locked(nil) { trash in
            if isEqual(value, incoming) { return false }
            swap(&value, &incoming)
            return changed(&trash)
        }
        // `incoming` now holds the old value: it is released when this call returns, outside the lock.
        if mustDeliver { ThreadContext.withCurrentThread { Graph.deliver($0) } }
    }

    /// Bookkeeping of a change, under the lock; returns true when this thread must now deliver.
    private func changed(_ trash: inout [Any]) -> Bool {
        version &+= 1
        Graph.globalVersion &+= 1
        if companion != nil { companion!.value &+= 1 }
        if targets.isEmpty && (companion == nil || companion!.targets.isEmpty) {
            companion?.version &+= 1
            return false
        }
        return ThreadContext.withCurrentThread { context in
            let depth = Graph.causeDepth(context)
            Graph.markTargets(of: self, depth: depth, into: &context.queue)
            if let companion {
                companion.version &+= 1
                Graph.markTargets(of: companion, depth: depth, into: &context.queue)
            }
            return Graph.startDelivery(context, &trash)
        }
    }
}

extension StateNode {
    /// Makes every change of this state also bump `counter` (once; later calls are no-ops).
    func attachCompanion(_ counter: StateNode<Int>) {
        Graph.locked(ThreadContext.current) { _ in
            if companion == nil { companion = counter }
        }
    }
}
