import Foundation

extension ClassroomRound {
    /// The round's one injected clock: what time it is (monotonic: `RoundClock`), the 3-2-1
    /// «¡Prepárate!» before each host-paced question, and whether timed questions close by
    /// themselves when their time is up (a test on a test clock turns it off and calls `tick()`).
    public struct Clock: Sendable {
        public var now: @Sendable () -> Date
        /// Seconds of 3-2-1 before each host-paced question.
        public var getReady: TimeInterval
        public var closesOnTime: Bool

        /// The live clock, or one given by a test.
        public init(
            now: @escaping @Sendable () -> Date = { RoundClock.shared.now() },
            getReady: TimeInterval = ClassroomRound.defaultGetReady, closesOnTime: Bool = true
        ) {
            self.now = now
            self.getReady = getReady
            self.closesOnTime = closesOnTime
        }
    }
}
