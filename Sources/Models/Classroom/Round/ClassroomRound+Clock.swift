import Foundation

extension ClassroomRound {
    /// The classroom's one clock, injected once (`ClassroomRound.init`) and read by every part
    /// of the class (the round's deadlines, `GET /api/classroom/time`, who is away, the kept
    /// room's age): what time it is (monotonic: `RoundClock`), the 3-2-1 «¡Prepárate!» before
    /// each host-paced question, and whether timed questions close by themselves when their time
    /// is up (a test on a test clock turns it off and calls `tick()`). A value: nothing changes
    /// it once the round has it.
    public struct Clock: Sendable {
        /// What time it is.
        public let now: @Sendable () -> Date
        /// Seconds of 3-2-1 before each host-paced question.
        public let getReady: TimeInterval
        /// Whether timed questions close by themselves when their time is up.
        public let closesOnTime: Bool

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
