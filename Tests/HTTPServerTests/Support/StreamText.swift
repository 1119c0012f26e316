import Foundation
import Synchronization
import TestSupport

/// An event stream's body as a tab receives it: a loopback socket of its own sends the request
/// (`GET` with `Accept: text/event-stream` and any `headers`), and a thread of its own reads what
/// comes until the server ends it or `stop()` shuts it; the test inspects the text. (A `curl -N`
/// child did this before: each launch was one more chance of Foundation's `Process.run()` crash.)
final class StreamText: Sendable {
    private struct State {
        var head: [UInt8]? = []  // the response head until it is whole, then nil
        var body: [UInt8] = []
        var open = true
    }

    private let state = Mutex(State())
    private let socket: LoopbackSocket

    /// Opens `url` (`http://127.0.0.1:PORT/path?query`); `headers` are whole lines ("Name: value").
    init(url: String, headers: [String] = []) throws {
        guard let parts = URLComponents(string: url), let port = parts.port else { throw URLError(.badURL) }
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Accept: text/event-stream"] + headers
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        socket = try LoopbackSocket.connected(toPort: port, sending: request)
        Thread.detachNewThread { [self] in read() }
    }

    /// The body received so far (after the response head).
    var text: String { state.withLock { String(decoding: $0.body, as: UTF8.self) } }

    /// The last `count` bytes of the body, as text (cheap however long the stream has run).
    func tail(_ count: Int) -> String {
        state.withLock { String(decoding: $0.body.suffix(count), as: UTF8.self) }
    }

    /// Whether the stream ended (the server closed it).
    var ended: Bool { state.withLock { !$0.open } }

    /// The events received so far (blocks with data), as fields (`id`, `event`, `data` joined by "\n").
    var events: [[String: String]] {
        let body = state.withLock { $0.body }
        var blocks: [[String: String]] = []
        var start = body.startIndex
        // Split on the bytes of the blank line (fast even for megabytes), then read each block.
        while let blank = body[start...].firstRange(of: [10, 10] as [UInt8]) {
            let block = String(decoding: body[start..<blank.lowerBound], as: UTF8.self)
            start = blank.upperBound
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(":") {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                var value = parts.count > 1 ? String(parts[1]) : ""
                if value.hasPrefix(" ") { value.removeFirst() }
                if name == "data", let earlier = fields["data"] {
                    fields["data"] = earlier + "\n" + value
                } else {
                    fields[name] = value
                }
            }
            if fields["data"] != nil { blocks.append(fields) }
        }
        return blocks
    }

    /// Ends the stream from this side, as a tab closing does.
    func stop() {
        state.withLock { if $0.open { socket.shutdownBoth() } }
    }

    /// The reading thread: the descriptor is closed by it alone, under the lock, so `stop` never
    /// touches a number reused since.
    private func read() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
            guard count > 0 else { break }
            take(buffer[..<count])
        }
        state.withLock { state in
            state.open = false
            socket.close()
        }
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            guard var head = state.head else {
                state.body += bytes
                return
            }
            head += bytes
            if let end = head.firstRange(of: Array("\r\n\r\n".utf8)) {
                state.head = nil
                state.body = Array(head[end.upperBound...])
            } else {
                state.head = head
            }
        }
    }
}
