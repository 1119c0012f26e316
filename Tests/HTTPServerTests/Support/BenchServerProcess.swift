import Foundation
import Glibc
import TestSupport

/// `HTTPBenchServer` (built beside this test binary) running as a child process, so that its
/// file descriptors and memory can be read from /proc without the other tests' noise.
final class BenchServerProcess: Sendable {
    let child: ChildProcess
    let port: Int
    var process: Process { child.process }

    /// The server binary sits next to the test binary in the build products directory.
    static var executableURL: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("HTTPBenchServer")
    }

    /// Starts the server on a free port (with `arguments` besides) and reads the port from its
    /// first line.
    init(arguments: [String] = []) async throws {
        child = try ChildProcess(Self.executableURL, ["--port", "0"] + arguments)
        guard let text = await child.waitForOutput(containing: "\n"),
            let portText = text.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText)
        else {
            child.send(SIGKILL)
            throw POSIXError(.EIO)
        }
        self.port = port
    }

    deinit {
        // Killed, not awaited: the termination handler reaps it on its own thread.
        child.send(SIGKILL)
    }

    /// Lets the running server have at most `count` open file descriptors (soft and hard limit),
    /// with util-linux's `prlimit --pid`. Set after the start: the child inherits whatever the
    /// test process has open, so a limit given at the start could leave it none to work with.
    func limitOpenFiles(to count: Int) async throws {
        let prlimit = URL(fileURLWithPath: "/usr/bin/prlimit")
        let arguments = ["--pid", "\(process.processIdentifier)", "--nofile=\(count):\(count)"]
        guard try await ChildProcess.run(prlimit, arguments, timeout: .seconds(30)).status == 0 else { throw POSIXError(.EPERM) }
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
