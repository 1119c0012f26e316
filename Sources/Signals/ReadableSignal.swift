/// A value that changes over time and tells who listens: a `State` or a `Computed`.
///
/// Reading `value` inside a `Computed` or an `effect` records the read, so they run again when the
/// value changes.
public protocol ReadableSignal<Value>: AnyObject, Sendable {
    /// The type of the value.
    associatedtype Value: Sendable

    /// The current value (for a `Computed`, brought up to date first).
    var value: Value { get }

    /// Calls `onValue` with the current value, then with every new value after it is stored, in
    /// the order the subscriptions were made, until the returned `Subscription` is cancelled or
    /// released.
    ///
    /// Calls come on the thread that made the change, before the write returns; a change made
    /// while that thread is delivering (from inside a callback) or inside `batch` is delivered
    /// after the notifications already queued. Calls for one subscription never overlap.
    func subscribe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription

    /// The current value and then every new value, as an `AsyncSequence`. A slow consumer gets the
    /// newest value, not every intermediate one. Ends when the iterating task is cancelled.
    var values: SignalValues<Value> { get }
}
