import Synchronization

/// Caps on the connections of one client address (one device on the network), so that no device
/// can take the server's connections, or its file descriptors, from the others. A connection
/// over a cap is answered 503 with `Retry-After` and closed.
///
/// A connection is *idle* from the moment it opens, and again after each response, until a whole
/// request head has arrived on it: what a device holds without asking anything.
///
/// Behind a reverse proxy every client arrives from the proxy's address: the proxy is `exempt`,
/// and each request on its connections is counted, while it runs, against the address
/// `forwardedAddress` reads from it (the proxy's `X-Forwarded-For`).
public struct ClientCaps: Sendable {
    /// Connections one address may have open at once.
    public var connections: Int
    /// Idle connections one address may have open at once.
    public var idleConnections: Int
    /// Addresses never capped (this machine's own, a trusted proxy).
    public var exempt: @Sendable (String) -> Bool
    /// The client address a request on an exempt connection counts against, or nil for none.
    public var forwardedAddress: @Sendable (HTTPRequest) -> String?

    /// Makes the caps; by default nothing is exempt and no request is forwarded.
    public init(
        connections: Int, idleConnections: Int, exempt: @escaping @Sendable (String) -> Bool = { _ in false },
        forwardedAddress: @escaping @Sendable (HTTPRequest) -> String? = { _ in nil }
    ) {
        self.connections = connections
        self.idleConnections = idleConnections
        self.exempt = exempt
        self.forwardedAddress = forwardedAddress
    }
}

/// The connections each capped address has open, on every loop of a server, under one lock.
final class ClientCounts: Sendable {
    private struct Count {
        var open = 0
        var idle = 0
    }

    let caps: ClientCaps
    private let counts = Mutex<[String: Count]>([:])

    init(caps: ClientCaps) {
        self.caps = caps
    }

    /// Counts a new idle connection from `address`; false (nothing counted) when the address is
    /// at either cap.
    func openIdle(_ address: String) -> Bool {
        counts.withLock { counts in
            let count = counts[address, default: Count()]
            guard count.open < caps.connections, count.idle < caps.idleConnections else { return false }
            counts[address] = Count(open: count.open + 1, idle: count.idle + 1)
            return true
        }
    }

    /// Counts a request forwarded for `address` (busy, not idle); false when it is at its cap.
    func openBusy(_ address: String) -> Bool {
        counts.withLock { counts in
            let count = counts[address, default: Count()]
            guard count.open < caps.connections else { return false }
            counts[address] = Count(open: count.open + 1, idle: count.idle)
            return true
        }
    }

    /// A connection of `address` received a request head: it is no longer idle.
    func becameBusy(_ address: String) {
        counts.withLock { $0[address]?.idle -= 1 }
    }

    /// A connection of `address` waits for its next request; false (nothing counted) when the
    /// address already has its idle connections, and the connection should close instead.
    func becameIdle(_ address: String) -> Bool {
        counts.withLock { counts in
            guard let count = counts[address], count.idle < caps.idleConnections else { return false }
            counts[address]?.idle += 1
            return true
        }
    }

    /// A connection (or forwarded request) of `address` is gone.
    func close(_ address: String, idle: Bool) {
        counts.withLock { counts in
            guard var count = counts[address] else { return }
            count.open -= 1
            if idle { count.idle -= 1 }
            counts[address] = count.open > 0 ? count : nil
        }
    }
}
