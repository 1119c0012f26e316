import Testing

@testable import AdivinaApp

@Suite("LiveTopic.Spacing: events spaced by the size of the audience")
struct LiveTopicSpacingTests {
    private let leaderboard = LiveTopic.Spacing(perSubscriber: .microseconds(10), limit: .milliseconds(25))

    @Test func growsWithTheAudienceUpToTheLimit() {
        #expect(leaderboard.interval(subscribers: 0) == 0)
        #expect(leaderboard.interval(subscribers: 3) == 30_000)
        #expect(leaderboard.interval(subscribers: 1000) == 10_000_000)
        #expect(leaderboard.interval(subscribers: 2500) == 25_000_000)
        #expect(leaderboard.interval(subscribers: 100_000) == 25_000_000)
    }

    @Test func noneSendsAtOnce() {
        #expect(LiveTopic.Spacing.none.interval(subscribers: 1_000_000) == 0)
    }

    @Test func theClassroomUsesFifteenMicrosecondsAViewerUpTo50Milliseconds() {
        #expect(ClassroomSession.leaderboardSpacing.interval(subscribers: 10) == 150_000)
        #expect(ClassroomSession.leaderboardSpacing.interval(subscribers: 2000) == 30_000_000)
        #expect(ClassroomSession.leaderboardSpacing.interval(subscribers: 4000) == 50_000_000)
    }
}
