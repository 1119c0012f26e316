import Observation
import Signals
import Synchronization

/// The bridge from Signals to Observation for one model: its `ObservationRegistrar` and, for each
/// property something has read, one subscription to the signal behind it.
///
/// Reading a property (`observation.read(signal, of: model, \.score)`) registers the access with
/// the registrar, so `withObservationTracking` (and SwiftUI) sees it. The first read of a property
/// also subscribes to its signal; from then on every change of the signal — a new value, or a
/// `Computed` that recomputes to a different one — is a mutation of that key path, told on the
/// thread that made it. Until something reads a property, its signal has no subscriber here, so
/// a model nobody observes writes exactly as before.
///
/// The subscriptions hold the model weakly and are cancelled when the bridge (the model) goes.
final class SignalObservation<Model: Observable & AnyObject & Sendable>: Sendable {
    private let registrar = ObservationRegistrar()
    /// One subscription per key path read so far.
    private let watched = Mutex<[KeyPathName<AnyKeyPath>: Subscription]>([:])

    init() {}

    /// `signal`'s value, read as `model[keyPath: keyPath]`: registers the access and, the first
    /// time, subscribes to the signal.
    func read<Signal: ReadableSignal>(
        _ signal: Signal, of model: Model, _ keyPath: KeyPath<Model, Signal.Value>
    ) -> Signal.Value {
        registrar.access(model, keyPath: keyPath)
        let key = KeyPathName<AnyKeyPath>(keyPath)
        if !watched.withLock({ $0[key] != nil }) { watch(signal, model, keyPath) }
        return signal.value
    }

    /// Subscribes to `signal` so that each change is a mutation of `keyPath` of `model`.
    private func watch<Signal: ReadableSignal>(
        _ signal: Signal, _ model: Model, _ keyPath: KeyPath<Model, Signal.Value>
    ) {
        let registrar = self.registrar
        let name = KeyPathName(keyPath)
        let key = KeyPathName<AnyKeyPath>(keyPath)
        let first = FirstCall()
        // Subscribed outside the lock: a subscription calls back at once, and another thread's
        // change may reach a reader of this model meanwhile.
        let subscription = signal.subscribe { [weak model] _ in
            if first.isInitial() { return }
            guard let model else { return }
            registrar.withMutation(of: model, keyPath: name.path) {}
        }
        first.subscribed()
        let spare = watched.withLock { watched -> Subscription? in
            if watched[key] != nil { return subscription }
            watched[key] = subscription
            return nil
        }
        spare?.cancel()  // another reader subscribed first
    }
}

/// A key path used only as the name of a property, never applied to a model.
///
/// `@unchecked Sendable`: a key path is immutable, and one to a main-actor property is not
/// `Sendable` only because applying it off the main actor would read isolated state. This one is
/// only handed to the `ObservationRegistrar`, which compares and hashes it and never applies it.
private struct KeyPathName<Path: AnyKeyPath>: Hashable, @unchecked Sendable {
    let path: Path

    init(_ path: Path) {
        self.path = path
    }
}

/// Tells a subscription's first call (its current value, not a change) from the others.
///
/// A subscription made on a thread that is not delivering nor batching gets its first call
/// before `subscribe` returns; that one is skipped. One made while this thread delivers or
/// batches gets it later, after changes it may have missed: that late first call counts as a
/// change (at worst one extra notification, never a lost one).
private final class FirstCall: Sendable {
    private static let subscribing = 0, initialSeen = 1, live = 2
    private let state = Atomic(FirstCall.subscribing)

    /// Whether this call is the subscription's initial call, made while subscribing.
    func isInitial() -> Bool {
        state.compareExchange(expected: Self.subscribing, desired: Self.initialSeen, ordering: .relaxed).exchanged
    }

    /// `subscribe` returned: any call from now on is a change.
    func subscribed() {
        _ = state.compareExchange(expected: Self.subscribing, desired: Self.live, ordering: .relaxed)
    }
}

/// A model observed through a `SignalObservation`: its properties read their signals with
/// `observed(_:_:)`.
protocol SignalObservable: Observable, AnyObject, Sendable {
    /// The model's bridge to Observation.
    var observation: SignalObservation<Self> { get }
}

extension SignalObservable {
    /// `signal`'s value as the property at `keyPath`, seen by `withObservationTracking`.
    func observed<Signal: ReadableSignal>(_ signal: Signal, _ keyPath: KeyPath<Self, Signal.Value>) -> Signal.Value {
        observation.read(signal, of: self, keyPath)
    }
}
