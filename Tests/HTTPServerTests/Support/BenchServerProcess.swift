import Foundation
import TestSupport

/// `HTTPBenchServer` (built beside this test binary) running as a child process, so that its
/// file descriptors and memory can be read without the other tests' noise.
final class BenchServerProcess: Sendable {
    let child: ChildProcess
    let port: Int
    var process: Process { child.process }

    /// The server binary sits next to the test binary in the build products directory.
    static var executableURL: URL {
        TestSystem.productsDirectory.appendingPathComponent("HTTPBenchServer")
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

    /// The child's open file descriptors (-1 where the system does not tell).
    var fileDescriptors: Int { TestSystem.openDescriptors(of: process.processIdentifier) ?? -1 }

    /// The child's resident set size in bytes (-1 where the system does not tell).
    var residentBytes: Int { TestSystem.residentBytes(of: process.processIdentifier) ?? -1 }
}
