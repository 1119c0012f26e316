import HTTPServer
import Synchronization

/// A rate limit per client address (a device), from any thread: each address has its own
/// `TokenBucket`; loopback (the teacher's machine, the projector beside it) is not limited.
final class DeviceRate: Sendable {
    /// Addresses remembered before the table is cleared (a flood of addresses cannot grow it).
    private static let maxDevices = 4096
    private let rate: (perSecond: Double, burst: Double)
    private let refusal: HTTPError
    private let buckets = Mutex<[String: TokenBucket]>([:])

    /// A limit of `rate` per device, refusing past it with `refusal` (a 429).
    init(rate: (perSecond: Double, burst: Double), refusal: HTTPError) {
        self.rate = rate
        self.refusal = refusal
    }

    /// Takes one request of the device at `address`, or throws the refusal.
    func take(for address: String) throws(HTTPError) {
        guard !ClientAddresses.isLoopback(address) else { return }
        let allowed = buckets.withLock { buckets in
            if buckets.count >= Self.maxDevices && buckets[address] == nil { buckets.removeAll() }
            var bucket = buckets[address] ?? TokenBucket(perSecond: rate.perSecond, burst: rate.burst)
            let allowed = bucket.take()
            buckets[address] = bucket
            return allowed
        }
        if !allowed { throw refusal }
    }
}
