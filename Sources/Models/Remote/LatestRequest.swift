/// Runs requests of one kind so that only the newest one counts: starting a request cancels the
/// one in flight, and an answer that arrives after a newer request started is dropped.
///
/// Cancellation alone is not enough (a response may already be on its way when `cancel()`
/// lands); the generation number is what guarantees that a late answer never overwrites a
/// newer one.
@MainActor
final class LatestRequest<Value: Sendable> {
    private var generation = 0
    private var inFlight: Deadline.Call<Value>?

    /// Runs `operation` as the newest request, for at most `deadline` (then it ends in
    /// `RemoteError.timeout`, see `Deadline`). Returns its outcome, or nil if a newer request
    /// started (or `supersede()` was called) before it finished.
    func run(
        within deadline: Duration, _ operation: @escaping @Sendable () async throws(RemoteError) -> Value
    ) async -> Result<Value, RemoteError>? {
        supersede()
        let mine = generation
        let call = Deadline.Call(within: deadline, operation)
        inFlight = call
        let outcome = await call.outcome
        guard mine == generation else { return nil }
        inFlight = nil
        return outcome
    }

    /// Cancels the request in flight, if any, and makes sure its answer will be dropped.
    func supersede() {
        generation &+= 1
        inFlight?.cancel()
        inFlight = nil
    }
}
