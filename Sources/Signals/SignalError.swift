/// A misuse of the graph that it recovers from and reports through `SignalDiagnostics`.
public enum SignalError: Error, Sendable, Equatable {
    /// A `Computed` read itself, directly or through others; the read got its previous value.
    case computationCycle
    /// Notifications caused each other more than `depth` levels deep on one thread (for example
    /// an effect writing what it reads); the rest of that chain was dropped.
    case notificationCycle(depth: Int)
    /// A `Computed` wrote a `State` while computing; the write was ignored.
    case writeDuringComputation
}
