import Foundation
import Synchronization
import TestSupport

/// Reads a server-sent event stream the way a tab's EventSource does, over a loopback socket of
/// its own, and hands out whole events. A thread of its own blocks on the socket until the
/// server ends the stream or `close()` shuts it. (A `curl -N` child per stream did this before:
/// hundreds of launches, and Foundation's `Process.run()` crashed now and then among them.)
final class EventStreamReader: Sendable {
    struct Event: Sendable, Equatable {
        var id: String?
        var name: String
        var data: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
        static func == (a: Event, b: Event) -> Bool { a.id == b.id && a.name == b.name && a.data == b.data }
    }

    private let stream: Stream

    /// Opens `url` (optionally sending `Last-Event-ID`, a `Cookie` and other `headers`).
    init(url: URL, lastEventID: String? = nil, cookie: String? = nil, headers: [String: String] = [:]) throws {
        let absolute = url.absoluteURL
        guard let port = absolute.port, let host = absolute.host,
              let parts = URLComponents(url: absolute, resolvingAgainstBaseURL: true) else { throw URLError(.badURL) }
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        var fields = [("Host", "\(host):\(port)"), ("Accept", "text/event-stream")]
        if let lastEventID { fields.append(("Last-Event-ID", lastEventID)) }
        if let cookie { fields.append(("Cookie", cookie)) }
        fields += headers.map { ($0.key, $0.value) }
        let request = "GET \(target) HTTP/1.1\r\n" + fields.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        stream = try Stream(port: port, request: Array(request.utf8))
    }

    deinit { close() }

    /// Ends the stream from this side, as a tab closing does.
    func close() { stream.shutDown() }

    /// Whether the stream is still open (it ends when the server closes it, or refuses it).
    var isOpen: Bool { stream.state.withLock { $0.open } }

    /// Every event received so far.
    var received: [Event] { stream.state.withLock { $0.parsed } }

    /// The snapshots of topic `name` as a page sees them: each whole snapshot, and each
    /// `<name>.patch` event applied to the one before (`SnapshotPatch`).
    func snapshots(named name: String) -> [[String: Any]] {
        var snapshots: [[String: Any]] = []
        for event in received {
            if event.name == name {
                snapshots.append(event.json)
            } else if event.name == name + ".patch", let last = snapshots.last {
                snapshots.append(SnapshotPatch.apply(event.json, to: last))
            }
        }
        return snapshots
    }

    /// Waits for the `count`-th event named `name` (1-based), failing after `timeout`.
    func event(named name: String, number count: Int = 1, timeout: Duration = hangBound) async throws -> Event? {
        let (matching, met) = await eventually(timeout: timeout, interval: .milliseconds(10), { received.filter { $0.name == name } }) {
            $0.count >= count
        }
        return met ? matching[count - 1] : nil
    }

    fileprivate static func parse(_ block: String) -> Event? {
        var id: String?
        var name = "message"
        var data: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { continue }
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let field = String(parts[0])
            var value = parts.count > 1 ? String(parts[1]) : ""
            if value.hasPrefix(" ") { value.removeFirst() }
            switch field {
            case "id": id = value
            case "event": name = value
            case "data": data.append(value)
            default: break
            }
        }
        return data.isEmpty ? nil : Event(id: id, name: name, data: data.joined(separator: "\n"))
    }
}

/// One connection's socket and what its reading thread has made of it. The descriptor is closed
/// by that thread alone, under the lock, so `shutDown` never touches a number reused since.
private final class Stream: Sendable {
    struct State {
        var parsed: [EventStreamReader.Event] = []
        var head: [UInt8]? = []  // the response head until it is whole, then nil
        var body: [UInt8] = []  // text of the stream not yet ending in a blank line
        var open = true
    }

    let state = Mutex(State())
    private let socket: LoopbackSocket

    init(port: Int, request: [UInt8]) throws {
        socket = try LoopbackSocket.connected(toPort: port, sending: request)
        Thread.detachNewThread { [self] in read() }
    }

    func shutDown() {
        state.withLock { if $0.open { socket.shutdownBoth() } }
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
            guard count > 0, take(buffer[..<count]) else { break }
        }
        state.withLock { state in
            state.open = false
            socket.close()
        }
    }

    /// Takes what arrived; false once the answer is not a stream (a refusal), which ends it.
    private func take(_ bytes: ArraySlice<UInt8>) -> Bool {
        state.withLock { state in
            if var head = state.head {
                head += bytes
                guard let end = head.firstRange(of: Array("\r\n\r\n".utf8)) else {
                    state.head = head
                    return true
                }
                guard head.starts(with: Array("HTTP/1.1 200 ".utf8)) else { return false }
                state.head = nil
                state.body = Array(head[end.upperBound...])
            } else {
                state.body += bytes
            }
            while let blank = state.body.firstRange(of: Array("\n\n".utf8)) {
                let block = String(decoding: state.body[..<blank.lowerBound], as: UTF8.self)
                state.body.removeSubrange(..<blank.upperBound)
                if let event = EventStreamReader.parse(block) { state.parsed.append(event) }
            }
            return true
        }
    }
}
