/// When to try again after a failed download: a few seconds, then longer each time, up to a
/// minute (`delays`), the last one repeated for as long as the failures go on.
public struct RetrySchedule: Sendable, Hashable {
    /// The waits before the first, second… retry.
    public var delays: [Duration]
    /// How many retries have been scheduled since the last success.
    public private(set) var attempt = 0

    /// The default: 5 s, 10 s, 20 s, 40 s, then every 60 s.
    public static let standard = RetrySchedule(delays: [.seconds(5), .seconds(10), .seconds(20), .seconds(40), .seconds(60)])

    /// A schedule with these waits (at least one).
    public init(delays: [Duration]) {
        precondition(!delays.isEmpty, "a retry schedule needs at least one delay")
        self.delays = delays
    }

    /// The wait before the next retry; counts it.
    public mutating func next() -> Duration {
        defer { attempt += 1 }
        return delays[min(attempt, delays.count - 1)]
    }

    /// Starts over after a success.
    public mutating func reset() {
        attempt = 0
    }

    /// Whether a download that failed with `error` may work if tried again later by itself: the
    /// site unreachable, slow, failing (5xx, 429) or answering something unreadable (a
    /// maintenance page). A refusal (401, 403, 404, other 4xx) needs the user.
    public static func isWorthRetrying(_ error: RemoteError) -> Bool {
        switch error {
        case .offline, .timeout, .malformed: return true
        case .status(let code, _): return code >= 500 || code == 429 || code == 408
        case .cancelled, .unauthorized, .notFound, .tooLarge: return false
        }
    }
}
