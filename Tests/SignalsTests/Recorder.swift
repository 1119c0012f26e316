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
}
