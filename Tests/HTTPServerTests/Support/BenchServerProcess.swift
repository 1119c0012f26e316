import Foundation
import Glibc

/// `HTTPBenchServer` (built beside this test binary) running as a child process, so that its
/// file descriptors and memory can be read from /proc without the other tests' noise.
final class BenchServerProcess: Sendable {
    let process = Process()
    let port: Int

    /// The server binary sits next to the test binary in the build products directory.
    static var executableURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("HTTPBenchServer")
    }

    /// Starts the server on a free port (with `arguments` besides) and reads the port from its
    /// first line. With `standardError`, its standard error goes to that file.
    init(arguments: [String] = [], standardError: URL? = nil) throws {
        process.executableURL = Self.executableURL
        process.arguments = ["--port", "0"] + arguments
        if let standardError {
            guard FileManager.default.createFile(atPath: standardError.path, contents: nil) else { throw POSIXError(.EIO) }
            process.standardError = try FileHandle(forWritingTo: standardError)
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let portText = text.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText) else {
            process.terminate()
            throw POSIXError(.EIO)
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Lets the running server have at most `count` open file descriptors (soft and hard limit),
    /// with util-linux's `prlimit --pid`. Set after the start: the child inherits whatever the
    /// test process has open, so a limit given at the start could leave it none to work with.
    func limitOpenFiles(to count: Int) throws {
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", "\(process.processIdentifier)", "--nofile=\(count):\(count)"]
        try prlimit.run()
        prlimit.waitUntilExit()
        guard prlimit.terminationStatus == 0 else { throw POSIXError(.EPERM) }
    }

    /// Entries in the child's /proc/PID/fd.
    var fileDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    /// The child's resident set size in bytes.
    var residentBytes: Int {
        let statm = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
