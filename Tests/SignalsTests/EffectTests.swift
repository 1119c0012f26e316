@testable import Signals
import Testing

@Suite struct EffectTests {
    @Test func runsNowAndAfterEachChangeOfWhatItRead() {
        let a = State(1)
        let b = State(10)
        let sums = Recorder<Int>()
        let subscription = effect { sums.append(a.value + b.value) }
        a.value = 2
        b.value = 20
        #expect(sums.all == [11, 12, 22])
        subscription.cancel()
    }

    @Test func followsWhatTheLastRunRead() {
        let showDetail = State(false)
        let detail = State("x")
        let runs = Counter()
        let subscription = effect(runs.counting { if showDetail.value { _ = detail.value } })
        detail.value = "y"
        #expect(runs.value == 1)
        showDetail.value = true
        detail.value = "z"
        #expect(runs.value == 3)
        showDetail.value = false
        detail.value = "w"
        #expect(runs.value == 4)
        #expect(detail.node.targetCount == 0)
        subscription.cancel()
    }

    @Test func cancelledEffectsStopAndLetGo() {
        let a = State(1)
        let runs = Counter()
        let subscription = effect(runs.counting { _ = a.value })
        subscription.cancel()
        a.value = 2
        #expect(runs.value == 1)
        #expect(a.node.targetCount == 0)
    }

    @Test func mayWriteOtherSignals() {
        let celsius = State(0)
        let fahrenheit = State(32)
        let subscription = effect { fahrenheit.value = celsius.value * 9 / 5 + 32 }
        celsius.value = 100
        #expect(fahrenheit.value == 212)
        subscription.cancel()
    }
}
