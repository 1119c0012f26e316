import Synchronization

/// Counters the event loop keeps up to date for anyone to read (tests, the leak check).
final class ServerStatistics: Sendable {
    let openConnections = Atomic<Int>(0)
    let openStreams = Atomic<Int>(0)
    /// Event streams closed because their client fell behind (queue over its limit).
    let streamsClosedBehind = Atomic<Int>(0)
    /// Set the first time `accept` failed for lack of file descriptors (said once on stderr).
    let ranOutOfDescriptors = Atomic<Bool>(false)
}
