import CEventLoop
import Testing

/// The open-file limit the server raises at its start (`cel_raise_open_file_limit`): the hard
/// limit on Linux; on Darwin, whose hard limit is RLIM_INFINITY and whose setrlimit refuses more
/// than min(OPEN_MAX, kern.maxfilesperproc), that ceiling instead of Terminal's 256.
@Suite struct OpenFileLimitTests {
    /// Darwin's RLIM_INFINITY (Linux's is UInt64.max; both are far above any ceiling).
    static let darwinInfinity = UInt64(Int64.max)

    @Test func darwinsInfiniteHardLimitIsCappedAtTheCeiling() {
        #expect(cel_open_file_limit_goal(256, Self.darwinInfinity, 10_240) == 10_240)
        #expect(cel_open_file_limit_goal(256, UInt64.max, 10_240) == 10_240)
    }

    @Test func aFiniteHardLimitBelowTheCeilingIsTheGoal() {
        #expect(cel_open_file_limit_goal(256, 1_024, 10_240) == 1_024)
        #expect(cel_open_file_limit_goal(1_024, 524_288, UInt64.max) == 524_288)
    }

    @Test func theLimitIsNeverLowered() {
        #expect(cel_open_file_limit_goal(20_000, Self.darwinInfinity, 10_240) == 20_000)
        #expect(cel_open_file_limit_goal(4_096, 4_096, UInt64.max) == 4_096)
    }

    /// On this system: a positive limit, the same on a second call (nothing left to raise).
    @Test func theObtainedLimitIsStable() {
        let first = cel_raise_open_file_limit()
        #expect(first > 0)
        #expect(cel_raise_open_file_limit() == first)
    }
}
