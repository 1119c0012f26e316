import Signals
import Testing

/// The kairo benchmark's graph shapes, counting how often each derived value and effect runs.
@Suite struct KairoTests {
    @Test func diamond() {
        let head = State(1)
        let runs = Counter()
        let effects = Counter()
        let branches = (0..<4).map { index in Computed { head.value + index } }
        let sum = Computed(runs.counting { branches.reduce(0) { $0 + $1.value } })
        let seen = Recorder<Int>()
        let subscription = effect(effects.counting { seen.append(sum.value) })
        for value in 2...11 { head.value = value }
        #expect(runs.value == 11)
        #expect(effects.value == 11)
        #expect(seen.all.last == 4 * 11 + 6)
        subscription.cancel()
    }

    @Test func triangle() {
        let head = State(1)
        let runs = Counter()
        var chain: [Computed<Int>] = []
        var current: any ReadableSignal<Int> = head
        for _ in 0..<5 {
            let previous = current
            let next = Computed { previous.value + 1 }
            chain.append(next)
            current = next
        }
        let links = chain
        let sum = Computed(runs.counting { links.reduce(0) { $0 + $1.value } })
        let effects = Counter()
        let subscription = effect(effects.counting { _ = sum.value })
        for value in 2...11 { head.value = value }
        #expect(runs.value == 11)
        #expect(effects.value == 11)
        #expect(sum.value == 5 * 11 + 15)
        subscription.cancel()
    }

    @Test func avoidablePropagation() {
        let head = State(0)
        let firstRuns = Counter()
        let laterRuns = Counter()
        let effects = Counter()
        let first = Computed(firstRuns.counting { head.value })
        let constant = Computed {
            _ = first.value
            return 0
        }
        let later = Computed(laterRuns.counting { constant.value + 1 })
        let subscription = effect(effects.counting { _ = later.value })
        for value in 1...10 { head.value = value }
        #expect(firstRuns.value == 11)
        #expect(laterRuns.value == 1)
        #expect(effects.value == 1)
        subscription.cancel()
    }

    @Test func unstableDependencies() {
        let head = State(1)
        let double = Computed { head.value * 2 }
        let inverse = Computed { -head.value }
        let runs = Counter()
        let current = Computed(runs.counting {
            (0..<20).reduce(0) { result, _ in result + (head.value % 2 == 0 ? double.value : inverse.value) }
        })
        let effects = Counter()
        let seen = Recorder<Int>()
        let subscription = effect(effects.counting { seen.append(current.value) })
        for value in 2...11 { head.value = value }
        #expect(runs.value == 11)
        #expect(effects.value == 11)
        #expect(seen.all.suffix(2) == [20 * 20, -20 * 11])
        subscription.cancel()
    }

    @Test func nobodySeesAHalfUpdatedDiamond() {
        let a = State(1)
        let b = Computed { a.value * 10 }
        let c = Computed { a.value * 100 }
        let d = Computed { (b.value, c.value) }
        let seen = Recorder<Bool>()
        let subscription = d.subscribe { pair in seen.append(pair.1 == pair.0 * 10) }
        for value in 2...20 { a.value = value }
        #expect(seen.count == 20)
        #expect(!seen.all.contains(false))
        subscription.cancel()
    }
}
