import Dispatch
import Signals
import Testing

@Suite struct StateTests {
    @Test func readsAndWrites() {
        let score = State(1)
        #expect(score.value == 1)
        score.value = 2
        #expect(score.value == 2)
    }

    @Test func equalWritesNotifyNobody() {
        let score = State(1)
        let seen = Recorder<Int>()
        let subscription = score.subscribe { seen.append($0) }
        score.value = 1
        score.value = 2
        score.value = 2
        score.update { $0 = 2 }
        #expect(seen.all == [1, 2])
        subscription.cancel()
    }

    @Test func customEqualityDecidesWhatIsAChange() {
        let name = State("ana", equals: { $0.lowercased() == $1.lowercased() })
        let seen = Recorder<String>()
        let subscription = name.subscribe { seen.append($0) }
        name.value = "ANA"
        name.value = "bea"
        #expect(seen.all == ["ana", "bea"])
        #expect(name.value == "bea")
        subscription.cancel()
    }

    @Test func valuesThatAreNotEquatableAlwaysNotify() {
        struct Opaque: Sendable { let number: Int }
        let state = State(Opaque(number: 1))
        let seen = Recorder<Int>()
        let subscription = state.subscribe { seen.append($0.number) }
        state.value = Opaque(number: 1)
        #expect(seen.all == [1, 1])
        subscription.cancel()
    }

    @Test func updateReturnsWhatTheTransformReturns() {
        let list = State([1, 2])
        let count = list.update { values -> Int in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(list.value == [1, 2, 3])
    }

    @Test func updateRethrowsAndKeepsTheValue() {
        struct Refused: Error {}
        let state = State(1)
        #expect(throws: Refused.self) {
            try state.update { (value: inout Int) throws(Refused) in
                value = 5
                throw Refused()
            }
        }
        #expect(state.value == 1)
    }

    @Test func updateIsAtomicAcrossThreads() {
        let counter = State(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 { counter.update { $0 += 1 } }
        }
        #expect(counter.value == 8_000)
    }
}
