// signals-bench: the median cost of the Signals core's basic operations, in nanoseconds.
// Run with `swift run -c release signals-bench` (or `signals-bench NAME` for the cases whose name
// contains NAME, to profile one). Each case runs `rounds` times after a warm-up;
// the line shows the median round's time per operation. Time is the thread's CPU time, so other
// processes sharing the machine do not inflate it (wall time would count their turns too).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Signals
import Synchronization

/// Where the callbacks put their work, so the optimizer cannot drop it.
let sink = Atomic<Int>(0)

/// CPU time used by this thread so far, in nanoseconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Only the cases whose name contains this run (all when no argument is given).
let caseFilter = CommandLine.arguments.dropFirst().first

/// Times `body(iterations)` `rounds` times and prints the median per operation.
func measure(_ name: String, rounds: Int = 11, iterations: Int, _ body: (Int) -> Void) {
    if let caseFilter, !name.contains(caseFilter) { return }
    body(iterations / 10)
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = threadCPUTime()
        body(iterations)
        samples.append((threadCPUTime() - start) / Double(iterations))
    }
    samples.sort()
    let tenths = Int(samples[samples.count / 2] * 10 + 0.5)
    print("\(name): \(tenths / 10).\(tenths % 10) ns/op")
}

measure("write, 1 subscriber", iterations: 1_000_000) { count in
    let state = State(0)
    let subscription = state.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
    for index in 0..<count { state.value = index &+ 1 }
    subscription.cancel()
}

measure("write, 10 subscribers", iterations: 200_000) { count in
    let state = State(0)
    let subscriptions = (0..<10).map { _ in
        state.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
    }
    for index in 0..<count { state.value = index &+ 1 }
    subscriptions.forEach { $0.cancel() }
}

measure("subscribe + cancel", iterations: 500_000) { count in
    let state = State(0)
    for _ in 0..<count {
        let subscription = state.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
        subscription.cancel()
    }
}

measure("chain of 10 computed", iterations: 200_000) { count in
    let head = State(0)
    var last: any ReadableSignal<Int> = head
    for _ in 0..<10 {
        let previous = last
        last = Computed { previous.value &+ 1 }
    }
    let subscription = last.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
    for index in 0..<count { head.value = index &+ 1 }
    subscription.cancel()
}

measure("diamond", iterations: 200_000) { count in
    let head = State(0)
    let left = Computed { head.value &* 2 }
    let right = Computed { head.value &+ 1 }
    let bottom = Computed { left.value &+ right.value }
    let subscription = bottom.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
    for index in 0..<count { head.value = index &+ 1 }
    subscription.cancel()
}

measure("batch of 100 writes", iterations: 10_000) { count in
    let state = State(0)
    let subscription = state.subscribe { sink.wrappingAdd($0, ordering: .relaxed) }
    for index in 0..<count {
        batch {
            for step in 0..<100 { state.value = index &* 100 &+ step &+ 1 }
        }
    }
    subscription.cancel()
}
