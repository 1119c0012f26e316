/// A token bucket: up to `burst` requests at once, refilled at `perSecond` a second. Each
/// classroom player has one, so one player cannot flood the server.
struct TokenBucket: Sendable {
    /// The most requests allowed in a burst.
    let burst: Double
    /// Requests a second allowed on average.
    let perSecond: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant

    /// A full bucket.
    init(perSecond: Double, burst: Double, now: ContinuousClock.Instant = .now) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
        last = now
    }

    /// Takes one token if there is one (after refilling for the time passed since the last call).
    mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - last
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(burst, tokens + max(0, seconds) * perSecond)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
