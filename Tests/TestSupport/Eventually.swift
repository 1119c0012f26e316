/// Polls `condition` every `interval` until it holds (`true`) or `timeout` passes (`false`).
///
/// The one polling helper of the tests: the waiting is `Task.sleep`, never a blocked thread.
public func eventually(
    timeout: Duration = hangBound, interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}

/// Polls `read` until `condition` holds for its value, and returns that value; after `timeout`
/// returns the last value read (the caller reports it), with `met` false.
public func eventually<Value>(
    timeout: Duration = hangBound, interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation, _ read: () async throws -> Value, until condition: (Value) -> Bool
) async rethrows -> (value: Value, met: Bool) {
    let deadline = ContinuousClock.now + timeout
    while true {
        let value = try await read()
        if condition(value) { return (value, true) }
        if ContinuousClock.now >= deadline { return (value, false) }
        try? await Task.sleep(for: interval)
    }
}
