import Foundation
import Glibc

/// Sends `request` as exact bytes to the app on loopback `port` and returns what came back
/// until the app closed the connection (or `timeout`), on a thread of its own: for what
/// URLSession cannot send (another `Host`, a body announced and never sent).
func rawExchange(port: Int, _ request: String, timeout: Duration = .seconds(10)) async -> (text: String, closed: Bool) {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: exchange(port: port, Array(request.utf8), timeout: timeout))
        }
    }
}

private func exchange(port: Int, _ bytes: [UInt8], timeout: Duration) -> (text: String, closed: Bool) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return ("", false) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return ("", false) }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
        received += chunk[0..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
}
