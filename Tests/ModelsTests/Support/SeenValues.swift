import Synchronization

/// Collects the values a subscription delivers, from any thread.
final class SeenValues<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var count: Int { values.withLock { $0.count } }

    var last: Value? { values.withLock { $0.last } }

    var all: [Value] { values.withLock { $0 } }
}
