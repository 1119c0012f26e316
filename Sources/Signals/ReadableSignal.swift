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
    /// released. A value equal to the one `onValue` last had is not new: a state put back within
    /// one batch or wave before the call went out calls nobody.
    ///
    /// Calls come on the thread that made the change, before the write returns; a change made
    /// while that thread is delivering (from inside a callback) or inside `batch` is delivered
    /// after the notifications already queued. Calls for one subscription never overlap.
    func subscribe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription

    /// Calls `onChange` with every new value stored from now on, never with the current one,
    /// even when subscribing from inside a callback or a `batch` (where `subscribe`'s first call
    /// would come late, after changes it cannot tell from the current value). Otherwise as
    /// `subscribe(_:)`: the calls of a state put back to the value `onChange` last had within
    /// one batch or wave are skipped, as are a `Computed`'s recomputations to an equal value.
    func subscribeToChanges(_ onChange: @escaping @Sendable (Value) -> Void) -> Subscription

    /// The current value and then every new value, as an `AsyncSequence`. A slow consumer gets the
    /// newest value, not every intermediate one. Ends when the iterating task is cancelled.
    var values: SignalValues<Value> { get }
}
