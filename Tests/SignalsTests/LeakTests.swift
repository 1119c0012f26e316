@testable import Signals
import Testing

/// Sources hold their observers weakly; cancelled or released observers are freed.
@Suite struct LeakTests {
    @Test func aComputedNobodyKeepsIsFreedWhileItsSourceLives() {
        let source = State(1)
        weak var weakNode: ComputedNode<Int>?
        do {
            let double = Computed { source.value * 2 }
            let subscription = double.subscribe { _ in }
            weakNode = double.node
            #expect(source.node.targetCount == 1)
            subscription.cancel()
        }
        #expect(weakNode == nil)
        source.value = 2
        #expect(source.node.targetCount == 0)
    }

    @Test func releasedSubscriptionsFreeTheirCallbacks() {
        final class Token: Sendable {}
        let source = State(1)
        weak var weakToken: Token?
        var subscription: Subscription?
        do {
            let token = Token()
            weakToken = token
            subscription = source.subscribe { _ in withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        #expect(subscription != nil)
        subscription = nil
        #expect(weakToken == nil)
    }

    @Test func cancelLetsGoOfTheClosureWhileTheTokenLives() {
        final class Token: Sendable {}
        let source = State(1)
        weak var weakToken: Token?
        let subscription: Subscription
        do {
            let token = Token()
            weakToken = token
            subscription = source.subscribe { _ in withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        subscription.cancel()
        #expect(weakToken == nil)
    }

    @Test func aWholeGraphIsFreedWithItsLastReferences() {
        weak var weakState: StateNode<Int>?
        weak var weakComputed: ComputedNode<Int>?
        do {
            let state = State(1)
            let computed = Computed { state.value + 1 }
            let subscription = effect { _ = computed.value }
            weakState = state.node
            weakComputed = computed.node
            state.value = 2
            subscription.cancel()
        }
        #expect(weakState == nil)
        #expect(weakComputed == nil)
    }

    @Test func anEffectReleasedWithoutCancelStopsAndIsFreed() {
        let source = State(1)
        let runs = Counter()
        do {
            let subscription = effect(runs.counting { _ = source.value })
            withExtendedLifetime(subscription) { source.value = 2 }
        }
        source.value = 3
        #expect(runs.value == 2)
        #expect(source.node.targetCount == 0)
    }
}
