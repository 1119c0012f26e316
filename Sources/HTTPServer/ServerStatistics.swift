import Synchronization

/// Counters the event loop keeps up to date for anyone to read (tests, the leak check).
final class ServerStatistics: Sendable {
    let openConnections = Atomic<Int>(0)
    let openStreams = Atomic<Int>(0)
    /// Event streams closed because their client fell behind (queue over its limit).
    let streamsClosedBehind = Atomic<Int>(0)
    /// Set the first time `accept` failed for lack of file descriptors (said once on stderr).
    let ranOutOfDescriptors = Atomic<Bool>(false)
    /// The bytes reserved by request bodies still arriving, on every loop (`reserveBody`).
    let bufferedBodyBytes = Atomic<Int>(0)

    /// Reserves `bytes` for a body about to be read, unless that would take the bytes reserved
    /// over `cap`; false when refused.
    func reserveBody(_ bytes: Int, cap: Int) -> Bool {
        var current = bufferedBodyBytes.load(ordering: .relaxed)
        while true {
            guard current + bytes <= cap else { return false }
            let (exchanged, original) = bufferedBodyBytes.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back what `reserveBody` reserved.
    func releaseBody(_ bytes: Int) {
        bufferedBodyBytes.subtract(bytes, ordering: .relaxed)
    }
}
