import Foundation
import Glibc
import Synchronization
import TestSupport

/// A tiny blocking HTTP server on 127.0.0.1 for the transport tests: each connection runs the
/// test's handler on its own thread with the raw socket, so a test can answer slowly, stream
/// a huge body or never answer.
final class TestHTTPServer: Sendable {
    /// One accepted connection.
    struct Connection: Sendable {
        let socket: Int32

        /// Reads until the end of the request head; returns it as text.
        func readHead() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                let count = recv(socket, &buffer, 1, 0)
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
                let count = data[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count <= 0 { return sent }
                sent += count
            }
            return sent
        }

        func write(_ text: String) { write(Array(text.utf8)) }
    }

    let port: UInt16
    private let listener: Int32

    init(handler: @escaping @Sendable (Connection) -> Void) throws {
        let (fd, port) = try Self.bindLoopback(reuseAddress: true)
        guard listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        self.port = port
        listener = fd
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                var timeout = timeval(tv_sec: 10, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                Thread.detachNewThread {
                    handler(Connection(socket: client))
                    close(client)
                }
            }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A TCP socket bound to a free port of 127.0.0.1 (not listening yet), and that port.
    static func bindLoopback(reuseAddress: Bool) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        if reuseAddress {
            var reuse: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
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
