import Foundation

/// The classroom round's clock: wall-clock dates (what a page displays, in ms since 1970) that
/// advance with the monotonic clock from one reading of the wall clock. Deadlines and speed points
/// follow it, so stepping the system's clock back or forward neither refuses every answer nor
/// closes the open question at once; `GET /api/classroom/time` reads the same clock, so the pages'
/// countdowns agree with it.
public struct RoundClock: Sendable {
    /// The process's clock, read once from the wall clock.
    public static let shared = RoundClock()

    private let wall: Date
    private let anchor: ContinuousClock.Instant

    /// A clock that reads `wall` at the monotonic instant `anchor`.
    public init(wall: Date = Date(), at anchor: ContinuousClock.Instant = .now) {
        self.wall = wall
        self.anchor = anchor
    }

    /// The date at the monotonic instant `instant` (now by default).
    public func now(at instant: ContinuousClock.Instant = .now) -> Date {
        let elapsed = instant - anchor
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return wall.addingTimeInterval(seconds)
    }
}
