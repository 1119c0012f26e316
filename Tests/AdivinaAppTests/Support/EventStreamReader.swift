import Foundation
import Synchronization
import TestSupport

/// Reads a server-sent event stream with `curl -N` and hands out whole events.
final class EventStreamReader: Sendable {
    struct Event: Sendable, Equatable {
        var id: String?
        var name: String
        var data: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
        static func == (a: Event, b: Event) -> Bool { a.id == b.id && a.name == b.name && a.data == b.data }
    }

    private let process = Process()
    private let events = Mutex<(parsed: [Event], partial: String)>(([], ""))

    /// Opens `url` (optionally sending `Last-Event-ID`, a `Cookie` and other `headers`).
    init(url: URL, lastEventID: String? = nil, cookie: String? = nil, headers: [String: String] = [:]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["curl", "-sN", "-H", "Accept: text/event-stream"]
        if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
        if let cookie { arguments += ["-H", "Cookie: \(cookie)"] }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        process.arguments = arguments + [url.absoluteString]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            self?.events.withLock { state in
                state.partial += chunk
                while let range = state.partial.range(of: "\n\n") {
                    let block = String(state.partial[..<range.lowerBound])
                    state.partial = String(state.partial[range.upperBound...])
                    if let event = Self.parse(block) { state.parsed.append(event) }
                }
            }
        }
        try ChildProcess.launch(process)
    }

    deinit { close() }

    /// Ends curl with SIGKILL: a child of the test process may inherit a mask that blocks
    /// SIGTERM (seen: curl sleeping on after `terminate()`), and a tab closing is abrupt anyway.
    func close() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Whether the stream is still open (curl ends when the server closes it).
    var isOpen: Bool { process.isRunning }

    /// Every event received so far.
    var received: [Event] { events.withLock { $0.parsed } }

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
    func event(named name: String, number count: Int = 1, timeout: Duration = .seconds(30)) async throws -> Event? {
        let (matching, met) = await eventually(timeout: timeout, interval: .milliseconds(10), { received.filter { $0.name == name } }) {
            $0.count >= count
        }
        return met ? matching[count - 1] : nil
    }

    private static func parse(_ block: String) -> Event? {
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
