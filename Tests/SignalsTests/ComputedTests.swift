@testable import Signals
import Testing

@Suite struct ComputedTests {
    @Test func isLazyAndCached() {
        let a = State(2)
        let runs = Counter()
        let double = Computed(runs.counting { a.value * 2 })
        #expect(runs.value == 0)
        #expect(double.value == 4)
        #expect(double.value == 4)
        #expect(runs.value == 1)
        a.value = 3
        #expect(runs.value == 1)
        #expect(double.value == 6)
        #expect(runs.value == 2)
    }

    @Test func unrelatedWritesDoNotRecompute() {
        let a = State(1)
        let other = State(0)
        let runs = Counter()
        let plusOne = Computed(runs.counting { a.value + 1 })
        _ = plusOne.value
        other.value = 1
        #expect(plusOne.value == 2)
        #expect(runs.value == 1)
    }

    @Test func tracksOnlyWhatTheLastComputationRead() {
        let useFirst = State(true)
        let first = State("first")
        let second = State("second")
        let runs = Counter()
        let chosen = Computed(runs.counting { useFirst.value ? first.value : second.value })
        let seen = Recorder<String>()
        let subscription = chosen.subscribe { seen.append($0) }
        second.value = "second'"
        #expect(runs.value == 1)
        useFirst.value = false
        first.value = "first'"
        #expect(runs.value == 2)
        #expect(seen.all == ["first", "second'"])
        #expect(first.node.targetCount == 0)
        subscription.cancel()
    }

    @Test func anEqualResultStopsTheWave() {
        let number = State(1)
        let runs = Counter()
        let parity = Computed { number.value % 2 }
        let label = Computed(runs.counting { parity.value == 0 ? "even" : "odd" })
        let seen = Recorder<String>()
        let subscription = label.subscribe { seen.append($0) }
        number.value = 3
        number.value = 5
        number.value = 6
        #expect(seen.all == ["odd", "even"])
        #expect(runs.value == 2)
        subscription.cancel()
    }

    @Test func stopsListeningToSourcesWhenNobodyListens() {
        let a = State(1)
        let runs = Counter()
        let double = Computed(runs.counting { a.value * 2 })
        let subscription = double.subscribe { _ in }
        #expect(a.node.targetCount == 1)
        subscription.cancel()
        #expect(a.node.targetCount == 0)
        a.value = 2
        a.value = 3
        #expect(runs.value == 1)
        #expect(double.value == 6)
        #expect(runs.value == 2)
    }

    @Test func customEqualityStopsTheWave() {
        let word = State("a")
        let shout = Computed(equals: { $0.lowercased() == $1.lowercased() }) { word.value }
        let seen = Recorder<String>()
        let subscription = shout.subscribe { seen.append($0) }
        word.value = "A"
        word.value = "b"
        #expect(seen.all == ["a", "b"])
        subscription.cancel()
    }
}
