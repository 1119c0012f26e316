/// A writable value that tells its subscribers, computed values and effects when it changes.
///
/// Writes that leave the value equal (by `==`, or the `equals` given) change nothing and notify
/// nobody. Safe to use from any thread.
public final class State<Value: Sendable>: ReadableSignal {
    @usableFromInline let node: StateNode<Value>

    /// A state holding `value`; writes equal to the current value (by `==`) are ignored.
    public init(_ value: Value) where Value: Equatable {
        node = StateNode(value, isEqual: { $0 == $1 })
    }

    /// A state holding `value`; writes for which `equals(old, new)` is true are ignored.
    public init(_ value: Value, equals: @escaping @Sendable (Value, Value) -> Bool) {
        node = StateNode(value, isEqual: equals)
    }

    /// A state holding `value` whose every write notifies (for values that are not `Equatable`).
    public init(_ value: Value) {
        node = StateNode(value, isEqual: { _, _ in false })
    }

    /// The current value. Setting it notifies (before returning) when it changed.
    public var value: Value {
        get { node.read() }
        @inlinable set { node.set(newValue) }
    }

    /// Atomically reads, transforms and stores the value (read-modify-write), then notifies when
    /// it changed. `transform` runs under the graph lock: it must not touch other signals.
    @discardableResult
    public func update<R, E: Error>(_ transform: (inout Value) throws(E) -> R) throws(E) -> R {
        try node.write(transform)
    }

    /// See `ReadableSignal.subscribe(_:)`.
    public func subscribe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        Graph.subscribe(to: node, onValue)
    }

    /// See `ReadableSignal.subscribeToChanges(_:)`.
    public func subscribeToChanges(_ onChange: @escaping @Sendable (Value) -> Void) -> Subscription {
        Graph.subscribeToChanges(of: node, onChange)
    }

    /// See `ReadableSignal.values`.
    public var values: SignalValues<Value> {
        SignalValues(node)
    }
}
