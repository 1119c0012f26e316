import Signals
import Synchronization
import Testing

@MainActor final class ScoreModel: SignalModel {
    let changes = State(0)
    @Tracked var score = 0
    @Tracked var name = "Ana"
}

@MainActor @Suite struct TrackedTests {
    @Test func propertyReadsAndWritesTheState() {
        let model = ScoreModel()
        model.score = 3
        #expect(model.score == 3)
        #expect(model.$score.value == 3)
        model.$score.value = 5
        #expect(model.score == 5)
    }

    @Test func everyChangeBumpsChangesOnce() {
        let model = ScoreModel()
        let seen = Mutex<[Int]>([])
        let subscription = model.changes.subscribe { count in seen.withLock { $0.append(count) } }
        model.score = 1
        model.name = "Bea"
        model.name = "Bea"
        model.$score.value = 2
        #expect(seen.withLock { $0 } == [0, 1, 2, 3])
        subscription.cancel()
    }
}
