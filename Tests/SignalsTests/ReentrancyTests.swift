import Signals
import Testing

/// What happens when callbacks write, subscribe or cancel while a notification is delivered.
@Suite struct ReentrancyTests {
    @Test func writesFromACallbackAreDeliveredAfterTheCurrentWaveInOrder() {
        let source = State(0)
        let echo = State(0)
        let log = Recorder<String>()
        let first = source.subscribe { value in
            log.append("first \(value)")
            echo.value = value
        }
        let second = source.subscribe { value in log.append("second \(value)") }
        let echoed = echo.subscribe { value in log.append("echo \(value)") }
        source.value = 1
        source.value = 2
        #expect(log.all == [
            "first 0", "second 0", "echo 0",
            "first 1", "second 1", "echo 1",
            "first 2", "second 2", "echo 2",
        ])
        [first, second, echoed].forEach { $0.cancel() }
    }

    @Test func aCallbackWritingItsOwnSourceGetsTheNewValueAfterwards() {
        let counter = State(0)
        let seen = Recorder<Int>()
        let subscription = counter.subscribe { value in
            seen.append(value)
            if value < 3 { counter.value = value + 1 }
        }
        #expect(seen.all == [0, 1, 2, 3])
        #expect(counter.value == 3)
        subscription.cancel()
    }

    @Test func aSubscriberCancellingItselfIsNotCalledAgain() {
        let source = State(0)
        let seen = Recorder<Int>()
        let holder = SubscriptionHolder()
        holder.subscription = source.subscribe { value in
            seen.append(value)
            if value == 1 { holder.subscription?.cancel() }
        }
        source.value = 1
        source.value = 2
        #expect(seen.all == [0, 1])
    }

    @Test func aSubscriberCancelledByAnEarlierOneInTheSameWaveIsNotCalled() {
        let source = State(0)
        let seen = Recorder<String>()
        let holder = SubscriptionHolder()
        let canceller = source.subscribe(logAs: "canceller", to: seen) { holder.subscription?.cancel() }
        holder.subscription = source.subscribe { value in seen.append("victim \(value)") }
        source.value = 1
        #expect(seen.all == ["canceller 0", "victim 0", "canceller 1"])
        canceller.cancel()
    }

    @Test func subscribingFromACallbackDeliversTheFirstValueAfterTheWave() {
        let source = State(0)
        let log = Recorder<String>()
        let holder = SubscriptionHolder()
        let outer = source.subscribe(logAs: "outer", to: log) {
            holder.subscription = source.subscribe { log.append("inner \($0)") }
            log.append("subscribed")
        }
        source.value = 1
        source.value = 2
        #expect(log.all == ["outer 0", "outer 1", "subscribed", "inner 1", "outer 2", "inner 2"])
        outer.cancel()
        holder.subscription?.cancel()
    }
}

/// Lets a callback reach its own subscription.
final class SubscriptionHolder: @unchecked Sendable {
    // @unchecked: each test sets `subscription` before any callback can read it, on one thread.
    var subscription: Subscription?
}
