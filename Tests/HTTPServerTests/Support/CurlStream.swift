import Foundation
import TestSupport
import Synchronization

/// A long-running `curl -N` reading an event stream; its output accumulates for the test to
/// inspect. The reading thread holds the object until curl exits: call `stop()`.
final class CurlStream: Sendable {
    private let process: Process
    private let output = Mutex<String>("")
    private let finished = Mutex(false)

    init(url: String, headers: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-N", "--no-buffer"] + headers.flatMap { ["-H", $0] } + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try ChildProcess.launch(process)
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                self.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            self.finished.withLock { $0 = true }
        }
    }

    /// Everything curl printed so far.
    var text: String { output.withLock { $0 } }

    /// Whether the stream ended (the server closed it).
    var ended: Bool { finished.withLock { $0 } }

    /// The events received so far (blocks with data), as fields (`id`, `event`, `data` joined by "\n").
    var events: [[String: String]] {
        text.components(separatedBy: "\n\n").dropLast().compactMap { block in
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
            return fields["data"] == nil ? nil : fields
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
    }
}
