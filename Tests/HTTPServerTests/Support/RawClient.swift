import Foundation
import TestSupport

/// A blocking TCP client for sending exact bytes (malformed requests, pipelining, slow clients)
/// and reading the raw answer with a deadline.
final class RawClient {
    let socket: LoopbackSocket
    private(set) var received: [UInt8] = []
    private(set) var closedByPeer = false

    init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = try LoopbackSocket.connected(toPort: port, receiveBuffer: receiveBuffer)
    }

    deinit { socket.close() }

    /// Half-closes: the server reads end of stream but can still answer.
    func shutdownSending() { socket.shutdownSending() }

    /// Shuts both directions down (the server sees the client go away); the fd is closed on deinit.
    func shutdown() { socket.shutdownBoth() }

    /// Sends every byte (blocking).
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { socket.send($0) }
            if written <= 0 { return }
            offset += written
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until `done(received)` holds, the peer closes, or `timeout` passes; the blocking
    /// reads run on a thread of their own, never on the cooperative pool (or Dispatch's pool, only as wide as the CPU count) the server's handlers need.
    /// Returns whether `done` held.
    @discardableResult
    func receive(timeout: Duration = hangBound, until done: @escaping @Sendable ([UInt8]) -> Bool) async -> Bool {
        let socket = socket
        let already = received
        let closed = closedByPeer
        let (bytes, nowClosed) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Self.read(socket: socket, start: already, closed: closed, timeout: timeout, until: done))
            }
        }
        received = bytes
        closedByPeer = nowClosed
        return done(received)
    }

    private static func read(
        socket: LoopbackSocket, start: [UInt8], closed: Bool, timeout: Duration, until done: ([UInt8]) -> Bool
    ) -> ([UInt8], Bool) {
        var received = start
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !done(received) && !closed {
            let left = deadline - ContinuousClock.now
            if left <= .zero { break }
            let millis = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard socket.waitUntilReadable(milliseconds: millis) else { continue }
            let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
            if count <= 0 { return (received, true) }
            received += chunk[0..<count]
        }
        return (received, closed)
    }

    /// Reads until the peer closes (or `timeout`); returns whether it closed.
    @discardableResult
    func receiveUntilClosed(timeout: Duration = hangBound) async -> Bool {
        await receive(timeout: timeout) { _ in false }
        return closedByPeer
    }

    /// Reads until `count` complete responses have arrived.
    func receiveResponses(_ count: Int, timeout: Duration = hangBound) async -> [RawResponse] {
        await receive(timeout: timeout) { RawResponse.parseAll($0).count >= count }
        return RawResponse.parseAll(received)
    }

    var text: String { String(decoding: received, as: UTF8.self) }
}

/// One response as read off the wire.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Splits consecutive complete responses (Content-Length framed; HEAD-style heads allowed when
    /// `bodyless` says so).
    static func parseAll(_ bytes: [UInt8], bodyless: Bool = false) -> [RawResponse] {
        var responses: [RawResponse] = []
        var rest = bytes[...]
        while let headEnd = rest.firstRange(of: [13, 10, 13, 10]) {
            let head = String(decoding: rest[rest.startIndex..<headEnd.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst().split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { break }
            let headers = lines.compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            let length = bodyless || status == 304 || status == 204 || status < 200
                ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
            guard rest.distance(from: headEnd.upperBound, to: rest.endIndex) >= length else { break }
            let bodyEnd = rest.index(headEnd.upperBound, offsetBy: length)
            responses.append(RawResponse(status: status, headers: headers, body: Array(rest[headEnd.upperBound..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}
