@testable import Signals
import Testing

@Suite struct SubscriptionTests {
    @Test func getsTheCurrentValueThenEveryChange() {
        let score = State(0)
        let seen = Recorder<Int>()
        let subscription = score.subscribe { seen.append($0) }
        #expect(seen.all == [0])
        score.value = 1
        score.value = 2
        #expect(seen.all == [0, 1, 2])
        subscription.cancel()
    }

    @Test func isCalledAfterTheValueIsStored() {
        let score = State(0)
        let readInside = Recorder<Int>()
        let subscription = score.subscribe { _ in readInside.append(score.value) }
        score.value = 7
        #expect(readInside.all == [0, 7])
        subscription.cancel()
    }

    @Test func callsSubscribersInSubscriptionOrder() {
        let score = State(0)
        let order = Recorder<String>()
        let subscriptions = ["first", "second", "third", "fourth"].map { name in
            score.subscribe { _ in order.append(name) }
        }
        score.value = 1
        #expect(order.all.suffix(4) == ["first", "second", "third", "fourth"])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func keepsSubscriptionOrderAcrossSources() {
        let a = State(0)
        let b = Computed { a.value * 2 }
        let order = Recorder<String>()
        let first = b.subscribe { _ in order.append("b first") }
        let second = a.subscribe { _ in order.append("a second") }
        let third = b.subscribe { _ in order.append("b third") }
        a.value = 1
        #expect(order.all.suffix(3) == ["b first", "a second", "b third"])
        [first, second, third].forEach { $0.cancel() }
    }

    @Test func cancelStopsTheCalls() {
        let score = State(0)
        let seen = Recorder<Int>()
        let subscription = score.subscribe { seen.append($0) }
        subscription.cancel()
        subscription.cancel()
        score.value = 1
        #expect(seen.all == [0])
        #expect(score.node.targetCount == 0)
    }

    @Test func releasingTheTokenCancels() {
        let score = State(0)
        let seen = Recorder<Int>()
        var subscription: Subscription? = score.subscribe { seen.append($0) }
        weak let weakSubscription = subscription
        subscription = nil
        #expect(weakSubscription == nil)
        score.value = 1
        #expect(seen.all == [0])
        #expect(score.node.targetCount == 0)
    }
}
