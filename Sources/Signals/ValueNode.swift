/// A source with a value of a known type: a state or a computed value.
@usableFromInline class ValueNode<Value: Sendable>: Node, @unchecked Sendable {
    // @unchecked: as `Node`, all mutable state is guarded by the graph lock.

    /// The current value; call only under the lock, after a successful `refresh`.
    func currentValue() -> Value {
        fatalError("ValueNode is abstract")
    }

    /// Reads the value from outside: tracks the read when a computed value or an effect is
    /// running on this thread, and reports a cycle instead of hanging.
    final func read() -> Value {
        var cycle = false
        let value: Value = ThreadContext.withCurrentIfAny { context in
            Graph.locked(context) { trash in
                if !refresh(context, &trash) {
                    cycle = true
                } else if let observer = context?.observer {
                    observer._withUnsafeGuaranteedRef { Graph.recordRead(of: self, by: $0) }
                }
                return valueAfterCycle(cycle)
            }
        }
        if cycle { SignalDiagnostics.report(.computationCycle) }
        return value
    }

    /// The value to hand out after `refresh`; a computed value in a cycle gives its last value.
    func valueAfterCycle(_ cycle: Bool) -> Value {
        currentValue()
    }

    /// How many targets list this node (for tests and diagnostics).
    final var targetCount: Int {
        return Graph.locked(ThreadContext.current) { _ in targets.count }
    }
}
