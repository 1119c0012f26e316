import Observation
import Signals
import Synchronization

/// The bridge from Signals to Observation for one model: its `ObservationRegistrar` and, for each
/// property something has read, one subscription to the signal behind it.
///
/// Reading a property (`observation.read(signal, of: model, \.score)`) registers the access with
/// the registrar, so `withObservationTracking` (and SwiftUI) sees it. The first read of a property
/// also subscribes to the changes of its signal (`subscribeToChanges`); from then on every change
/// of the signal — a new value, or a `Computed` that recomputes to a different one — is a
/// mutation of that key path, told on the thread that made it, and nothing else is: a write of an
/// equal value, a state put back within one batch, or a first read made inside a delivery or a
/// batch tells nobody. Until something reads a property, its signal has no subscriber here, so a
/// model nobody observes writes exactly as before.
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
        // Subscribed outside `watched`'s lock: subscribing takes the graph lock, which a `Computed`
        // reading this model on another thread holds while it waits for `watched`.
        let subscription = signal.subscribeToChanges { [weak model] _ in
            guard let model else { return }
            registrar.withMutation(of: model, keyPath: name.path) {}
        }
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
