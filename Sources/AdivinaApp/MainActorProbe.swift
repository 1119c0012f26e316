import Dispatch
import Foundation
import Synchronization

/// Measures how long work waits for the main actor, for the benchmarks; off unless the
/// environment variable `ADIVINA_MAIN_ACTOR_PROBE` is set (`benchmarks/classroom.py --probe`).
///
/// A serial queue of its own asks for a turn on the main actor about every millisecond, whatever
/// the earlier asks became, and records how long each turn took to come: the wait a handler's hop
/// to the main actor meets at that moment. Once a second it writes one line to standard error:
///
///     main-actor-probe <CLOCK_MONOTONIC seconds> <process CPU ticks> <wait µs>,<wait µs>,…
///
/// The CPU ticks are the whole process's user + system time (`getrusage`, in clock ticks). The main
/// actor's own CPU time cannot be read per thread: after `dispatch_main` its jobs run on
/// Dispatch's worker threads, which run the cooperative pool's jobs too. Its busy share shows
/// in the waits instead: the share of asks that found it busy.
public final class MainActorProbe: Sendable {
    /// The environment variable that turns the probe on.
    static let variable = "ADIVINA_MAIN_ACTOR_PROBE"

    /// The waits recorded since the last line, in microseconds.
    private let waits = Mutex<[UInt64]>([])
    private let queue = DispatchQueue(label: "adivina.main-actor-probe")
    /// When the next line is due.
    private let nextReport = Mutex<UInt64>(0)

    private init() {}

    /// Starts the probe if the environment asks for it.
    public static func startIfAsked(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment[variable] != nil else { return }
        let probe = MainActorProbe()
        probe.nextReport.withLock { $0 = SystemCalls.monotonicNanoseconds() + 1_000_000_000 }
        probe.queue.async { probe.tick() }
    }

    /// Asks for a turn, writes the line when one is due, and comes back in a millisecond.
    private func tick() {
        let asked = SystemCalls.monotonicNanoseconds()
        Task { @MainActor [self] in
            let waited = SystemCalls.monotonicNanoseconds() &- asked
            waits.withLock { $0.append(waited / 1000) }
        }
        let due = nextReport.withLock { next in
            guard asked >= next else { return false }
            next += 1_000_000_000
            return true
        }
        if due { report(at: asked) }
        queue.asyncAfter(deadline: .now() + .milliseconds(1)) { [self] in tick() }
    }

    private func report(at time: UInt64) {
        let taken = waits.withLock { waits in
            defer { waits = [] }
            return waits
        }
        let line = "main-actor-probe \(Double(time) / 1e9) \(SystemCalls.processCPUTicks()) \(taken.map(String.init).joined(separator: ","))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
