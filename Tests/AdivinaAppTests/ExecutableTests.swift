import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `adivina` executable as a user runs it: the first line, the exit codes, the signals.
struct ExecutableTests {
    /// The `adivina` binary built beside this test bundle.
    static let binary: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("adivina")

    /// A started `adivina` process with its output collected.
    final class Child: @unchecked Sendable {
        // Safe: `output` is only touched under `lock`; `process` is configured before `run()` and
        // afterwards only asked `isRunning`/termination facts and sent signals, which Process allows
        // from any thread.
        let process = Process()
        private let lock = NSLock()
        private var output = ""

        init(_ arguments: [String]) throws {
            let pipe = Pipe()
            process.executableURL = ExecutableTests.binary
            process.arguments = arguments
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                guard let self else { return }
                self.lock.lock(); self.output += text; self.lock.unlock()
            }
            try process.run()
        }

        var text: String { lock.lock(); defer { lock.unlock() }; return output }

        /// The output once it contains `needle`, or nil after `timeout`.
        func wait(for needle: String, timeout: Duration = .seconds(20)) async throws -> String? {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if text.contains(needle) { return text }
                try await Task.sleep(for: .milliseconds(20))
            }
            return nil
        }

        /// The exit status once the process has ended, or nil after `timeout`.
        func exitStatus(timeout: Duration = .seconds(20)) async throws -> Int32? {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning {
                guard ContinuousClock.now < deadline else { process.terminate(); return nil }
                try await Task.sleep(for: .milliseconds(20))
            }
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }
    }

    static func dataArguments() throws -> [String] {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("adivina-exe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return ["--port", "0", "--data-dir", data.path]
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsCleanlyOnSignal(_ signalNumber: Int32) async throws {
        let child = try Child(try Self.dataArguments())
        let output = try #require(try await child.wait(for: "/\n"))
        let firstLine = try #require(output.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Adivina: http://127.0.0.1:"))
        let url = try #require(URL(string: String(firstLine.dropFirst("Adivina: ".count))))
        let (page, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<html"))

        kill(child.process.processIdentifier, signalNumber)
        #expect(try await child.exitStatus() == 0)
    }

    @Test func classroomModePrintsTheJoinURLAndAHostKeyAfterTheFirstLine() async throws {
        let child = try Child(try Self.dataArguments() + ["--classroom"])
        _ = try #require(try await child.wait(for: "anfitrión: "))
        let deadline = ContinuousClock.now + .seconds(20)
        while !child.text.hasSuffix("\n") && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let lines = child.text.split(separator: "\n").map(String.init)
        try #require(lines.count >= 3, "\(lines)")
        #expect(lines[0].hasPrefix("Adivina: http://127.0.0.1:"))
        #expect(lines[1].hasPrefix("Clase: http://127.0.0.1:") && lines[1].hasSuffix("/clase/"))
        let key = String(lines[2].dropFirst("Clave de anfitrión: ".count))
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        child.process.terminate()
        #expect(try await child.exitStatus() == 0)
    }

    @Test func aTakenPortIsAClearErrorNotACrash() async throws {
        let first = try Child(try Self.dataArguments())
        let output = try #require(try await first.wait(for: "/\n"))
        let port = try #require(output.split(separator: ":").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/\n")) })
        defer { first.process.terminate() }

        let second = try Child(["--port", port] + (try Self.dataArguments()).suffix(2))
        #expect(try await second.exitStatus() == 1)
        #expect(try await second.wait(for: "already in use") != nil)
    }

    @Test func helpAndBadFlags() async throws {
        let help = try Child(["--help"])
        #expect(try await help.exitStatus() == 0)
        #expect(try await help.wait(for: "--quiz-server URL") != nil, "the pipe may be read after the exit")

        let bad = try Child(["--no-such-flag"])
        #expect(try await bad.exitStatus() == 64)
        #expect(try await bad.wait(for: "unknown option --no-such-flag") != nil)
    }

    @Test func aQuizzesFileThatCannotBeReadExits64WithOneLine() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("adivina-nada-\(UUID().uuidString).json")
        let child = try Child(try Self.dataArguments() + ["--quizzes-file", missing.path])
        #expect(try await child.exitStatus() == 64)
        let output = try #require(try await child.wait(for: "\n"))
        #expect(output == "adivina: --quizzes-file \(missing.path): no se puede leer \(missing.lastPathComponent)\n")
    }
}
