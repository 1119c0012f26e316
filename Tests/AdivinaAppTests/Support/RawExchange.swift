import Foundation
import TestSupport

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
    guard let socket = try? LoopbackSocket.connected(toPort: port) else { return ("", false) }
    defer { socket.close() }
    _ = bytes.withUnsafeBytes { socket.send($0) }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        guard socket.waitUntilReadable(milliseconds: 100) else { continue }
        let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
        if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
        received += chunk[0..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
}
