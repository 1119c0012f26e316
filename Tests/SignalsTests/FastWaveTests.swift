import Dispatch
import Foundation
@testable import Signals
import Synchronization
import Testing

/// The fast wave of a state (its plain subscribers called without the delivery queue) meets
/// cancels, new targets and writes the same way a queued delivery does.
@Suite struct FastWaveTests {
    /// An object whose release can be watched through a weak reference.
    final class Token: Sendable {}

    @Test func aSubscriberReleasedByAnEarlierOneDuringTheWaveIsNotCalledAndIsFreedAfterIt() {
        let source = State(0)
        let seen = Recorder<String>()
        let holder = SubscriptionHolder()
        weak var weakToken: Token?
        let canceller = source.subscribe(logAs: "canceller", to: seen) { holder.subscription = nil }
        do {
            let token = Token()
            weakToken = token
            holder.subscription = source.subscribe { value in
                withExtendedLifetime(token) { seen.append("victim \(value)") }
            }
        }
        #expect(weakToken != nil)
        source.value = 1
        #expect(weakToken == nil)
        source.value = 2
        #expect(seen.all == ["canceller 0", "victim 0", "canceller 1", "canceller 2"])
        #expect(source.node.targetCount == 1)
        canceller.cancel()
    }

    @Test func aComputedTargetAddedLaterIsNotifiedWithTheSubscribersInOrder() {
        let source = State(1)
        let log = Recorder<String>()
        let plain = source.subscribe { log.append("plain \($0)") }
        source.value = 2
        let double = Computed { source.value * 2 }
        let derived = double.subscribe { log.append("double \($0)") }
        let last = source.subscribe { log.append("last \($0)") }
        source.value = 3
        derived.cancel()
        source.value = 4
        #expect(log.all == [
            "plain 1", "plain 2", "double 4", "last 2",
            "plain 3", "double 6", "last 3",
            "plain 4", "last 4",
        ])
        #expect(source.node.targetCount == 2)
        plain.cancel()
        last.cancel()
    }

    @Test func aComputedSubscribedFromACallbackDuringTheWaveGetsTheNewValueAfterIt() {
        let source = State(0)
        let log = Recorder<String>()
        let holder = SubscriptionHolder()
        let outer = source.subscribe(logAs: "outer", to: log) {
            let double = Computed { source.value * 2 }
            holder.subscription = double.subscribe { log.append("double \($0)") }
        }
        let second = source.subscribe { log.append("second \($0)") }
        source.value = 1
        source.value = 2
        #expect(log.all == [
            "outer 0", "second 0",
            "outer 1", "second 1", "double 2",
            "outer 2", "second 2", "double 4",
        ])
        outer.cancel()
        second.cancel()
        holder.subscription?.cancel()
    }

    @Test func aWriteFromAnotherThreadDuringTheWaveIsDeliveredByTheWaveAfterIt() {
        let source = State(0)
        let handover = WaveHandover()
        let calls = Recorder<String>()
        let inside = Atomic<Int>(0)
        let subscription = source.subscribe { value in
            if inside.wrappingAdd(1, ordering: .relaxed).newValue > 1 { calls.append("overlap") }
            calls.append("call \(value)")
            if value == 1 { handover.holdWave(calls) }
            inside.wrappingSubtract(1, ordering: .relaxed)
        }
        let writer = handover.actDuringWave {
            source.value = 2
            calls.append("written")
        }
        source.value = 1
        writer.join()
        #expect(calls.all == ["call 0", "call 1", "written", "call 2"])
        subscription.cancel()
    }

    @Test func aSubscriberAddedOnAnotherThreadDuringTheWaveGetsTheValueBeforeSubscribeReturns() {
        let wave = HeldWave()
        let subscriber = wave.handover.actDuringWave {
            wave.holder.subscription = wave.source.subscribe { wave.calls.append("late \($0)") }
            wave.calls.append("subscribed")
        }
        wave.source.value = 1
        subscriber.join()
        wave.source.value = 2
        #expect(wave.calls.all == ["first 0", "first 1", "late 1", "subscribed", "first 2", "late 2"])
        wave.first.cancel()
        wave.holder.subscription?.cancel()
    }

    @Test func aCancelFromAnotherThreadDuringTheWaveStopsTheSubscriberAndFreesItAfterTheWave() {
        let wave = HeldWave()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            wave.holder.subscription = wave.source.subscribe { value in
                withExtendedLifetime(token) { wave.calls.append("victim \(value)") }
            }
        }
        let canceller = wave.handover.actDuringWave {
            wave.holder.subscription = nil
            wave.calls.append("cancelled")
        }
        wave.source.value = 1
        canceller.join()
        #expect(weakToken == nil)
        #expect(wave.calls.all == ["first 0", "victim 0", "first 1", "cancelled"])
        #expect(wave.source.node.targetCount == 1)
        wave.first.cancel()
    }

    @Test func concurrentWritersNeverOverlapOneSubscriberAndEndOnTheLastValue() {
        let threads = 8
        let writesPerThread = 2_000
        let source = State(0)
        let overlaps = Atomic<Int>(0)
        let inside = Atomic<Int>(0)
        let seen = Recorder<Int>()
        let steady = source.subscribe { value in
            if inside.wrappingAdd(1, ordering: .relaxed).newValue > 1 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            seen.append(value)
            inside.wrappingSubtract(1, ordering: .relaxed)
        }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for index in 0..<writesPerThread {
                source.update { $0 += 1 }
                if index % 50 == 0 {
                    let count = Counter()
                    let subscription = source.subscribe { _ in count.increment() }
                    source.update { $0 += 1 }
                    subscription.cancel()
                    #expect(count.value >= 1)
                }
            }
        }
        let expected = threads * writesPerThread + threads * (writesPerThread / 50)
        #expect(source.value == expected)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        let values = seen.all
        #expect(values.last == expected)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        steady.cancel()
        #expect(source.node.targetCount == 0)
    }
}

/// Work on another thread, joined by waiting for its end with a deadline.
///
/// These tests block the calling thread on purpose (a semaphore inside a subscriber) to hold a
/// wave open while another thread writes: that is what they test. Each wait lasts as long as the
/// other thread's few microseconds of work, and the other side runs on a thread of its own (not
/// `DispatchQueue.global()`, whose threads on Linux are the pool's own: with both busy, the worker
/// would wait for the very thread that waits for it).
struct Worker: Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Runs `body` on a thread of its own.
    static func start(_ body: @escaping @Sendable () -> Void) -> Worker {
        let worker = Worker()
        Thread.detachNewThread {
            body()
            worker.done.signal()
        }
        return worker
    }

    /// Waits up to 30 s for the work to end.
    func join() {
        #expect(done.wait(timeout: .now() + 30) == .success)
    }
}

/// A state whose wave at 1 its first subscriber ("first" in `calls`) holds open while the thread
/// `handover` starts acts; `holder` keeps a subscription the act may replace.
struct HeldWave: Sendable {
    let source = State(0)
    let handover = WaveHandover()
    let calls = Recorder<String>()
    let holder = SubscriptionHolder()
    let first: Subscription

    init() {
        let (handover, calls) = (handover, calls)
        first = source.subscribe(logAs: "first", to: calls) { handover.holdWave(calls) }
    }
}

/// Holds a wave open while another thread acts: the subscriber calls `holdWave` at the value
/// that should wait, the thread `actDuringWave` started runs its act meanwhile, then the wave
/// goes on. Either side gives up after 30 s (the wave logs "timed out").
struct WaveHandover: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let acted = DispatchSemaphore(value: 0)

    /// Called inside the wave: lets the other thread act and waits until it has.
    func holdWave(_ calls: Recorder<String>) {
        entered.signal()
        if acted.wait(timeout: .now() + 30) == .timedOut { calls.append("timed out") }
    }

    /// Starts a thread that waits for the wave to be held, runs `act`, then lets the wave go on.
    func actDuringWave(_ act: @escaping @Sendable () -> Void) -> Worker {
        Worker.start {
            if entered.wait(timeout: .now() + 30) == .timedOut { return }
            act()
            acted.signal()
        }
    }
}
