/// A value derived from other signals: its closure's reads are tracked automatically.
///
/// Lazy (computes only when read or listened to), cached (recomputes only when something it read
/// has a new value) and glitch-free (in a diamond a → b, a → c, b + c → d, one write to `a`
/// recomputes `d` once and nobody sees `d` mix old and new values). A recomputation that gives an
/// equal value does not notify further. When nobody listens, it stops listening to its sources.
///
/// The closure runs under the graph lock, on whichever thread reads: it must be pure (read signals,
/// return a value) and must not write signals.
public final class Computed<Value: Sendable>: ReadableSignal {
    let node: ComputedNode<Value>

    /// A computed value; recomputations equal to the previous value (by `==`) notify nobody.
    public init(_ compute: @escaping @Sendable () -> Value) where Value: Equatable {
        node = ComputedNode(isEqual: { $0 == $1 }, compute: compute)
    }

    /// A computed value; recomputations for which `equals(old, new)` is true notify nobody.
    public init(equals: @escaping @Sendable (Value, Value) -> Bool, _ compute: @escaping @Sendable () -> Value) {
        node = ComputedNode(isEqual: equals, compute: compute)
    }

    /// A computed value whose every recomputation notifies (for values that are not `Equatable`).
    public init(_ compute: @escaping @Sendable () -> Value) {
        node = ComputedNode(isEqual: { _, _ in false }, compute: compute)
    }

    /// The value, recomputed first if something it read changed.
    public var value: Value {
        node.read()
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
