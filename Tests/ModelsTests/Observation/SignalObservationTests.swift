import Foundation
import Observation
import Synchronization
import TestSupport
import Testing

@testable import Models
@testable import Signals

/// How many `Counter`s were released.
private let counterDeinits = Atomic(0)

/// A model over two signals, observed through the bridge: `value` is a state, `isEven` derived.
private final class Counter: Observable, SignalObservable, Sendable {
    let count = State(0)
    let other = State(0)
    let parity: Computed<Bool>
    let observation = SignalObservation<Counter>()

    var value: Int { observed(count, \.value) }
    var isEven: Bool { observed(parity, \.isEven) }
    var otherValue: Int { observed(other, \.otherValue) }

    init() {
        let count = self.count
        parity = Computed { count.value % 2 == 0 }
    }

    deinit { counterDeinits.add(1, ordering: .relaxed) }
}

/// A view-like observer: renders `counter.value` inside `withObservationTracking`, holding
/// itself weakly in `onChange`, as SwiftUI does.
private final class Viewer: Sendable {
    static let deinits = Atomic(0)
    let counter: Counter
    let renders = Atomic(0)

    init(_ counter: Counter) {
        self.counter = counter
        render()
    }

    func render() {
        renders.add(1, ordering: .relaxed)
        withObservationTracking { _ = counter.value } onChange: { [weak self] in self?.render() }
    }

    deinit { Self.deinits.add(1, ordering: .relaxed) }
}

@Suite("SignalObservation: signals seen by withObservationTracking, at no cost until read", .serialized)
struct SignalObservationTests {
    @Test func nothingIsSubscribedUntilAPropertyIsRead() {
        let counter = Counter()
        counter.count.value = 1
        #expect(counter.count.node.targets.isEmpty, "a model nobody reads writes as a bare state")
        _ = counter.value
        _ = counter.value
        #expect(counter.count.node.targets.count == 1, "one subscription per property, made on first read")
        #expect(counter.other.node.targets.isEmpty, "a property nobody read stays unsubscribed")
    }

    @Test func aChangeOfWhatWasReadFiresOnceAndTheNewValueIsThere() {
        let counter = Counter()
        let seen = Mutex<Int?>(nil)
        withObservationTracking { _ = counter.value } onChange: {
            seen.withLock { $0 = counter.count.value }
        }
        let probe = tracking { counter.value }
        counter.count.value = 3
        counter.count.value = 4
        #expect(probe.count == 1)
        #expect(seen.withLock { $0 } == 3, "onChange runs after the value is stored")
    }

    @Test func anEqualWriteAndAnUnrelatedChangeFireNothing() {
        let counter = Counter()
        let probe = tracking { counter.value }
        counter.count.value = 0
        counter.other.value = 7
        #expect(probe.count == 0)
        _ = counter.otherValue
        counter.other.value = 8
        #expect(probe.count == 0, "another property's subscription does not fire this tracking")
    }

    @Test func aDerivedValueThatComesOutEqualFiresNothing() {
        let counter = Counter()
        let probe = tracking { counter.isEven }
        counter.count.value = 2
        #expect(probe.count == 0, "0 → 2: still even")
        counter.count.value = 3
        #expect(probe.count == 1)
    }

    @Test func severalChangesInOneBatchFireOnce() {
        let counter = Counter()
        let probe = tracking { (counter.value, counter.otherValue) }
        batch {
            counter.count.value = 1
            counter.other.value = 1
        }
        #expect(probe.count == 1)
    }

    @Test func aFirstReadInsideABatchDoesNotMissTheBatchsChange() {
        let counter = Counter()
        let probe = ChangeProbe()
        batch {
            probe.track { counter.value }
            counter.count.value = 5
        }
        #expect(probe.count == 1)
    }

    @Test func onChangeRunsOnTheThreadThatMadeTheChange() async throws {
        let counter = Counter()
        let probe = tracking { counter.value }
        let writer = try await onOwnThread {
            counter.count.value = 1
            return currentThread()
        }
        #expect(probe.count == 1)
        #expect(probe.threads == [writer] && writer != currentThread())
    }

    @Test func aRenderingObserverFollowsEveryChangeAndGoesAwayWithoutLeaking() {
        let counterBefore = counterDeinits.load(ordering: .relaxed)
        let viewerBefore = Viewer.deinits.load(ordering: .relaxed)
        var state: State<Int>?
        do {
            var viewer: Viewer? = Viewer(Counter())
            state = viewer?.counter.count
            state?.value = 1
            state?.value = 1
            state?.value = 2
            #expect(viewer?.renders.load(ordering: .relaxed) == 3, "the first render, then one per change")
            viewer = nil
        }
        #expect(Viewer.deinits.load(ordering: .relaxed) == viewerBefore + 1)
        #expect(counterDeinits.load(ordering: .relaxed) == counterBefore + 1, "the subscription holds the model weakly")
        #expect(state?.node.targets.isEmpty == true, "the model's subscriptions went with it")
        state?.value = 3  // nobody left to tell
    }
}
