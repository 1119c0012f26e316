import TestSupport

/// A port of 127.0.0.1 where nothing listens, held for as long as this lives: its socket is
/// bound (without SO_REUSEADDR, so no other server can take the port) but never listens, so every
/// connection to it is refused. A port that was free a moment ago is no such thing: another
/// test's server can be given it.
final class RefusingPort: Sendable {
    let port: UInt16
    private let socket: LoopbackSocket

    init() throws {
        (socket, port) = try LoopbackSocket.bound(reuseAddress: false)
    }

    deinit { socket.close() }
}
