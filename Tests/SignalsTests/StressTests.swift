import Dispatch
@testable import Signals
import Testing

/// Many threads writing, reading, subscribing and cancelling at once.
@Suite struct StressTests {
    @Test func concurrentWritersAndSubscribersAgreeOnTheFinalValues() {
        let threads = 8
        let writesPerThread = 2_000
        let counters = (0..<4).map { _ in State(0) }
        let total = Computed { counters.reduce(0) { $0 + $1.value } }
        let lastSeen = Recorder<Int>()
        let steady = total.subscribe { lastSeen.append($0) }
        let effectRuns = Counter()
        let watcher = effect(effectRuns.counting { _ = total.value })
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let counter = counters[thread % counters.count]
            for index in 0..<writesPerThread {
                counter.update { $0 += 1 }
                if index % 50 == 0 {
                    let seen = Recorder<Int>()
                    let subscription = total.subscribe { seen.append($0) }
                    _ = total.value
                    subscription.cancel()
                    #expect(seen.count >= 1)
                }
            }
        }
        let expectedTotal = threads * writesPerThread
        #expect(counters.map(\.value) == [4_000, 4_000, 4_000, 4_000])
        #expect(total.value == expectedTotal)
        let seen = lastSeen.all
        #expect(seen.last == expectedTotal)
        #expect(seen == seen.sorted())
        #expect(effectRuns.value >= 2)
        steady.cancel()
        watcher.cancel()
        #expect(counters.allSatisfy { $0.node.targetCount == 0 })
    }
}
