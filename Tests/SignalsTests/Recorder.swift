import Signals
import Synchronization

/// A thread-safe list that callbacks append to and tests read.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var all: [Element] {
        storage.withLock { $0 }
    }

    var count: Int {
        storage.withLock { $0.count }
    }
}

/// A thread-safe counter of runs.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)

    func increment() {
        storage.wrappingAdd(1, ordering: .relaxed)
    }

    var value: Int {
        storage.load(ordering: .relaxed)
    }

    /// `body`, counting its runs: `Computed(runs.counting { a.value * 2 })`.
    func counting<Value>(_ body: @escaping @Sendable () -> Value) -> @Sendable () -> Value {
        {
            self.increment()
            return body()
        }
    }
}

/// Runs `body` with the errors the signals report collected in the recorder it is given.
func collectingSignalErrors(_ body: (Recorder<SignalError>) -> Void) {
    let errors = Recorder<SignalError>()
    SignalDiagnostics.$reporter.withValue({ errors.append($0) }) { body(errors) }
}

extension State where Value == Int {
    /// The reentrancy tests' usual subscriber: appends "`name` value" to `log` and, when the
    /// value is 1, runs `atOne` inside that wave.
    func subscribe(logAs name: String, to log: Recorder<String>, atOne: @escaping @Sendable () -> Void) -> Subscription {
        subscribe { value in
            log.append("\(name) \(value)")
            if value == 1 { atOne() }
        }
    }
}
