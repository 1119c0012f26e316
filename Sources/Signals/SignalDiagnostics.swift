/// Where the graph reports the misuses it recovers from (cycles, writes inside a computation).
public enum SignalDiagnostics {
    /// Receives each `SignalError`; bound per task with `$reporter.withValue(_:operation:)`.
    /// It may be called while the graph is locked, so it must not touch signals.
    /// The default prints the error.
    @TaskLocal public static var reporter: @Sendable (SignalError) -> Void = { error in
        print("Signals: \(error)")
    }

    /// Hands `error` to the current reporter.
    @usableFromInline static func report(_ error: SignalError) {
        reporter(error)
    }
}
