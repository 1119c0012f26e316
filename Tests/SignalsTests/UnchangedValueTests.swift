import Signals
import Synchronization
import Testing

/// A subscriber is told of what changed and of nothing else: not of a state put back before its
/// notification went out, and, subscribed to changes only, not of the value it started from.
@Suite struct UnchangedValueTests {
    @Test func aStatePutBackWithinABatchTellsNobody() {
        let score = State(0)
        let seen = Recorder<Int>()
        let subscription = score.subscribe { seen.append($0) }
        batch {
            score.value = 1
            score.value = 0
        }
        #expect(seen.all == [0], "0 → 1 → 0 in one batch: the subscriber already has 0")
        batch {
            score.value = 1
            score.value = 2
        }
        #expect(seen.all == [0, 2])
        batch {
            score.update { $0 += 1 }
            score.update { $0 -= 1 }
        }
        #expect(seen.all == [0, 2], "the same through update")
        subscription.cancel()
    }

    @Test func aStatePutBackByACallbackTellsNobodyElse() {
        let trigger = State(0)
        let flag = State(false)
        let seen = Recorder<Bool>()
        let toggler = trigger.subscribe { _ in
            flag.value = true
            flag.value = false
        }
        let watcher = flag.subscribe { seen.append($0) }
        trigger.value = 1
        #expect(seen.all == [false], "true and back to false inside one delivery")
        [toggler, watcher].forEach { $0.cancel() }
    }

    @Test func aSubscriberThatMissedAFastWaveStillGetsTheChangeBack() {
        let flag = State(false)
        let seen = Recorder<Bool>()
        let watcher = flag.subscribe { seen.append($0) }
        flag.value = true
        batch {
            flag.value = false
            flag.value = true
            flag.value = false
        }
        #expect(seen.all == [false, true, false], "true → false is a change, however it got there")
        watcher.cancel()
    }

    @Test func aNewSubscriberInTheBatchStillGetsItsFirstValue() {
        let score = State(0)
        let seen = Recorder<Int>()
        let late = Recorder<Int>()
        let first = score.subscribe { seen.append($0) }
        var second: Subscription?
        batch {
            score.value = 1
            second = score.subscribe { late.append($0) }
            score.value = 0
        }
        #expect(seen.all == [0] && late.all == [0])
        first.cancel()
        second?.cancel()
    }

    @Test func changesOnlySkipsTheCurrentValue() {
        let score = State(0)
        let doubled = Computed { score.value * 2 }
        let seen = Recorder<Int>()
        let derived = Recorder<Int>()
        let subscription = score.subscribeToChanges { seen.append($0) }
        let derivedSubscription = doubled.subscribeToChanges { derived.append($0) }
        #expect(seen.all.isEmpty && derived.all.isEmpty)
        score.value = 0
        score.value = 2
        score.value = 2
        #expect(seen.all == [2] && derived.all == [4])
        [subscription, derivedSubscription].forEach { $0.cancel() }
    }

    @Test func changesOnlyMadeInsideABatchIsToldOnlyOfLaterChanges() {
        let score = State(0)
        let parity = Computed { score.value % 2 }
        let seen = Recorder<Int>()
        let derived = Recorder<Int>()
        var subscriptions: [Subscription] = []
        batch {
            score.value = 1
            subscriptions.append(score.subscribeToChanges { seen.append($0) })
            subscriptions.append(parity.subscribeToChanges { derived.append($0) })
        }
        #expect(seen.all.isEmpty && derived.all.isEmpty, "the batch's change came before the subscription")
        batch {
            subscriptions.append(score.subscribeToChanges { seen.append($0 * 10) })
            score.value = 3
        }
        #expect(seen.all == [3, 30], "a change after subscribing, in the same batch, is told")
        #expect(derived.all.isEmpty, "1 → 3: still odd")
        subscriptions.forEach { $0.cancel() }
    }

    @Test func changesOnlyMadeInsideACallbackIsToldOnlyOfLaterChanges() {
        let trigger = State(0)
        let score = State(0)
        let seen = Recorder<Int>()
        let made = Mutex<Subscription?>(nil)
        let maker = trigger.subscribe { value in
            guard value == 1 else { return }
            let subscription = score.subscribeToChanges { seen.append($0) }
            made.withLock { $0 = subscription }
        }
        trigger.value = 1
        #expect(seen.all.isEmpty)
        score.value = 5
        #expect(seen.all == [5])
        maker.cancel()
        made.withLock { $0?.cancel() }
    }
}
