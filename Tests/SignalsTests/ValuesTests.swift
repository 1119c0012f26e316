@testable import Signals
import Testing

/// The `AsyncSequence` bridge.
@Suite struct ValuesTests {
    @Test func yieldsTheCurrentValueThenTheNewOnes() async {
        let score = State(0)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var seen: [Int] = []
            for await value in score.values {
                seen.append(value)
                if seen.count == 1 { startedContinuation.yield() }
                if value == 3 { break }
            }
            return seen
        }
        for await _ in started { break }
        score.value = 1
        score.value = 2
        score.value = 3
        let seen = await consumer.value
        #expect(seen.first == 0)
        #expect(seen.last == 3)
        #expect(seen == seen.sorted())
        #expect(score.node.targetCount == 0)
    }

    @Test func cancellingTheTaskEndsTheLoopAndTheSubscription() async {
        let score = State(0)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            for await _ in score.values {
                count += 1
                startedContinuation.yield()
            }
            return count
        }
        for await _ in started { break }
        #expect(score.node.targetCount == 1)
        consumer.cancel()
        let count = await consumer.value
        #expect(count >= 1)
        #expect(score.node.targetCount == 0)
    }

    @Test func worksForComputedValues() async {
        let a = State(1)
        let double = Computed { a.value * 2 }
        var iterator = double.values.makeAsyncIterator()
        #expect(await iterator.next() == 2)
        a.value = 5
        #expect(await iterator.next() == 10)
    }
}
