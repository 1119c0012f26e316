import Signals
import Testing

@Suite struct BatchTests {
    @Test func manyWritesMakeOneWave() {
        let a = State(0)
        let b = State(0)
        let sum = Computed { a.value + b.value }
        let seen = Recorder<Int>()
        let subscription = sum.subscribe { seen.append($0) }
        let result = batch {
            for value in 1...10 {
                a.value = value
                b.value = value
            }
            #expect(seen.all == [0])
            return a.value
        }
        #expect(result == 10)
        #expect(seen.all == [0, 20])
        subscription.cancel()
    }

    @Test func nestedBatchesNotifyAtTheOutermostExit() {
        let a = State(0)
        let seen = Recorder<Int>()
        let subscription = a.subscribe { seen.append($0) }
        batch {
            a.value = 1
            batch { a.value = 2 }
            #expect(seen.all == [0])
            a.value = 3
        }
        #expect(seen.all == [0, 3])
        subscription.cancel()
    }

    @Test func readsInsideABatchSeeTheWrites() {
        let a = State(1)
        let double = Computed { a.value * 2 }
        batch {
            a.value = 5
            #expect(double.value == 10)
        }
    }

    @Test func aThrowingBatchStillNotifies() {
        struct Stop: Error {}
        let a = State(0)
        let seen = Recorder<Int>()
        let subscription = a.subscribe { seen.append($0) }
        #expect(throws: Stop.self) {
            try batch { () throws(Stop) in
                a.value = 1
                throw Stop()
            }
        }
        #expect(seen.all == [0, 1])
        subscription.cancel()
    }
}
