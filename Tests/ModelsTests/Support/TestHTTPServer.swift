import Foundation
import Synchronization
import TestSupport

/// A tiny blocking HTTP server on 127.0.0.1 for the transport tests: each connection runs the
/// test's handler on its own thread with the raw socket, so a test can answer slowly, stream
/// a huge body or never answer.
final class TestHTTPServer: Sendable {
    /// One accepted connection.
    struct Connection: Sendable {
        let socket: LoopbackSocket

        /// Reads until the end of the request head; returns it as text.
        func readHead() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1)
            while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                let count = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
                if count <= 0 { break }
                bytes.append(buffer[0])
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Writes everything or returns how much went out before the peer went away.
        @discardableResult
        func write(_ data: [UInt8]) -> Int {
            var sent = 0
            while sent < data.count {
                let count = data[sent...].withUnsafeBytes { socket.send($0) }
                if count <= 0 { return sent }
                sent += count
            }
            return sent
        }

        func write(_ text: String) { write(Array(text.utf8)) }
    }

    let port: UInt16
    private let listener: LoopbackSocket

    init(handler: @escaping @Sendable (Connection) -> Void) throws {
        let (listener, port) = try LoopbackSocket.bound(reuseAddress: true)
        do { try listener.listen(backlog: 16) } catch { listener.close(); throw error }
        self.port = port
        self.listener = listener
        Thread.detachNewThread {
            while let client = listener.accept(sendTimeout: 10) {
                Thread.detachNewThread {
                    handler(Connection(socket: client))
                    client.close()
                }
            }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit {
        listener.shutdownBoth()
        listener.close()
    }
}

/// The last text a test server read (a request head), for the test to look at.
final class LastRead: Sendable {
    private let state = Mutex("")

    /// What was kept last ("" before anything).
    var text: String { state.withLock { $0 } }

    /// Keeps `text`, replacing what was kept.
    func keep(_ text: String) { state.withLock { $0 = text } }
}

/// A one-shot flag a test thread sets and a test awaits with a deadline.
final class Flag: Sendable {
    private let state = Mutex(false)

    func set() { state.withLock { $0 = true } }

    var isSet: Bool { state.withLock { $0 } }

    /// Polls until set or the deadline passes; returns whether it was set.
    func wait(seconds: Double = 10) async -> Bool {
        await eventually(timeout: .seconds(seconds), interval: .milliseconds(5)) { isSet }
    }
}
