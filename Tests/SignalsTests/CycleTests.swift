import Signals
import Testing

/// Cycles are reported and broken, never a hang.
@Suite struct CycleTests {
    @Test func aComputedReadingItselfGetsItsPreviousValue() {
        collectingSignalErrors { errors in
            let holder = State<Computed<Int>?>(nil)
            let selfish = Computed { (holder.value?.value ?? 0) + 1 }
            #expect(selfish.value == 1)
            holder.value = selfish
            #expect(selfish.value == 2)
            #expect(errors.all == [.computationCycle])
        }
    }

    /// The one cycle with no value to fall back on: it stops the process with a message.
    @Test func aComputedReachingItselfBeforeItHasAValueStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let holder = State<Computed<Int>?>(nil)
            let selfish = Computed { (holder.value?.value ?? 0) + 1 }
            holder.value = selfish
            _ = selfish.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("read itself during its first computation"))
    }

    @Test func anEffectWritingWhatItReadsIsStopped() {
        collectingSignalErrors { errors in
            let counter = State(0)
            let subscription = effect { counter.value = counter.value + 1 }
            #expect(counter.value > 50)
            #expect(errors.all.contains { if case .notificationCycle = $0 { true } else { false } })
            let stoppedAt = counter.value
            counter.value = stoppedAt
            #expect(counter.value == stoppedAt)
            subscription.cancel()
        }
    }

    @Test func twoSubscribersFeedingEachOtherAreStopped() {
        collectingSignalErrors { errors in
            let ping = State(0)
            let pong = State(0)
            let forward = ping.subscribe { pong.value = $0 + 1 }
            let backward = pong.subscribe { ping.value = $0 + 1 }
            #expect(ping.value > 50)
            #expect(!errors.all.isEmpty)
            forward.cancel()
            backward.cancel()
        }
    }

    @Test func aComputedWritingAStateIsReportedAndIgnored() {
        collectingSignalErrors { errors in
            let target = State(0)
            let source = State(1)
            let sneaky = Computed {
                target.value = source.value
                return source.value
            }
            #expect(sneaky.value == 1)
            #expect(target.value == 0)
            #expect(errors.all == [.writeDuringComputation])
        }
    }
}
