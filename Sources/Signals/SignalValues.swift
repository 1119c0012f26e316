/// The values of a signal as an `AsyncSequence`: the current value, then each new one.
///
/// Each iterator subscribes when it is made and cancels when its task is cancelled or the
/// iterator is released. It keeps only the newest undelivered value, so a slow consumer skips
/// intermediate values but always ends up with the latest.
public struct SignalValues<Value: Sendable>: AsyncSequence, Sendable {
    /// The element type: the signal's value.
    public typealias Element = Value

    private let source: ValueNode<Value>

    init(_ source: ValueNode<Value>) {
        self.source = source
    }

    /// Subscribes and returns an iterator over the values.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let subscription = Graph.subscribe(to: source) { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return Iterator(stream.makeAsyncIterator())
    }

    /// Iterates the values; `next()` returns nil once the task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Value>.Iterator

        init(_ base: AsyncStream<Value>.Iterator) {
            self.base = base
        }

        /// The next value, waiting for a change if the newest one was already returned.
        public mutating func next() async -> Value? {
            await base.next()
        }
    }
}
