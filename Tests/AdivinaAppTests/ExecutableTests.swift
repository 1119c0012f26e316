import Foundation
import Testing
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `adivina` executable as a user runs it: the first line, the exit codes, the signals.
struct ExecutableTests {
    /// The `adivina` binary built beside this test bundle.
    static let binary: URL = TestSystem.productsDirectory.appendingPathComponent("adivina")

    /// A started `adivina` process with its output (standard error included) collected.
    struct Child {
        let child: ChildProcess
        var process: Process { child.process }

        init(_ arguments: [String], environment: [String: String]? = nil) throws {
            child = try ChildProcess(ExecutableTests.binary, arguments, environment: environment, mergingErrors: true)
        }

        var text: String { child.outputText }

        /// The output once it contains `needle`, or nil after `timeout`.
        func wait(for needle: String, timeout: Duration = hangBound) async -> String? {
            await child.waitForOutput(containing: needle, timeout: timeout)
        }

        /// The exit status once the process has ended (minus the signal if one killed it), or
        /// nil after `timeout` (then it is killed).
        func exitStatus(timeout: Duration = hangBound) async -> Int32? {
            guard let status = await child.exitStatus(timeout: timeout) else {
                return child.diedOf.map { -$0 }
            }
            return status
        }
    }

    static func dataArguments() throws -> [String] {
        let data = TestFiles.scratch("adivina-exe")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return ["--port", "0", "--data-dir", data.path]
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsCleanlyOnSignal(_ signalNumber: Int32) async throws {
        let child = try Child(try Self.dataArguments())
        let output = try #require(await child.wait(for: "/\n"))
        let firstLine = try #require(output.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Adivina: http://127.0.0.1:"))
        let url = try #require(URL(string: String(firstLine.dropFirst("Adivina: ".count))))
        let (page, response) = try await URLSession.shared.dataOffPool(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<html"))

        kill(child.process.processIdentifier, signalNumber)
        #expect(await child.exitStatus() == 0)
    }

    @Test func classroomModePrintsTheJoinURLAndAHostKeyAfterTheFirstLine() async throws {
        let child = try Child(try Self.dataArguments() + ["--classroom"])
        _ = try #require(await child.wait(for: "anfitrión: "))
        _ = await eventually { child.text.hasSuffix("\n") }
        let lines = child.text.split(separator: "\n").map(String.init)
        try #require(lines.count >= 3, "\(lines)")
        #expect(lines[0].hasPrefix("Adivina: http://127.0.0.1:"))
        #expect(lines[1].hasPrefix("Clase: http://127.0.0.1:") && lines[1].hasSuffix("/clase/"))
        let key = String(lines[2].dropFirst("Clave de anfitrión: ".count))
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        child.process.terminate()
        #expect(await child.exitStatus() == 0)
    }

    @Test func aTakenPortIsAClearErrorNotACrash() async throws {
        let first = try Child(try Self.dataArguments())
        let output = try #require(await first.wait(for: "/\n"))
        let port = try #require(output.split(separator: ":").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/\n")) })
        defer { first.process.terminate() }

        let second = try Child(["--port", port] + (try Self.dataArguments()).suffix(2))
        #expect(await second.exitStatus() == 1)
        #expect(await second.wait(for: "already in use") != nil)
    }

    @Test func helpAndBadFlags() async throws {
        let help = try Child(["--help"])
        #expect(await help.exitStatus() == 0)
        #expect(await help.wait(for: "--quiz-server URL") != nil, "the pipe may be read after the exit")

        let bad = try Child(["--no-such-flag"])
        #expect(await bad.exitStatus() == 64)
        #expect(await bad.wait(for: "unknown option --no-such-flag") != nil)
    }

    @Test func aQuizzesFileThatCannotBeReadExits64WithOneLine() async throws {
        let missing = TestFiles.scratch("adivina-nada", suffix: ".json")
        let child = try Child(try Self.dataArguments() + ["--quizzes-file", missing.path])
        #expect(await child.exitStatus() == 64)
        let output = try #require(await child.wait(for: "\n"))
        #expect(output == "adivina: --quizzes-file \(missing.path): no se puede leer \(missing.lastPathComponent)\n")
    }

    /// The main actor probe `benchmarks/classroom.py --probe` reads: off by default, and with
    /// `ADIVINA_MAIN_ACTOR_PROBE` set one line a second of waits that are plausible numbers.
    @Test func theMainActorProbeWritesItsLineOnlyWhenAsked() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["ADIVINA_MAIN_ACTOR_PROBE"] = "1"
        let probed = try Child(try Self.dataArguments(), environment: environment)
        let output = try #require(await probed.wait(for: "main-actor-probe "))
        _ = await eventually {
            probed.text.components(separatedBy: "main-actor-probe ").count > 2
        }
        let line = try #require(probed.text.split(separator: "\n").first { $0.hasPrefix("main-actor-probe ") })
        let fields = line.split(separator: " ")
        try #require(fields.count == 4, "\(output)")
        #expect(Double(fields[1]).map { $0 > 0 } == true)
        #expect(Int(fields[2]) != nil)
        let waits = fields[3].split(separator: ",").compactMap { UInt64($0) }
        // At most one ask a millisecond; how many a busy machine lets through is the benchmark's
        // business (a loaded machine wakes the probe's timer late), so only "some" is checked.
        #expect(waits.count >= 1 && waits.count <= 1_100, "at most one ask a millisecond: \(waits.count)")
        #expect(waits.allSatisfy { $0 < 5_000_000 }, "an idle main actor answers within seconds")
        // The probe starts before the server, so its lines may come before the signals are
        // handled: stopped only once the address line says they are (a busy machine starts late).
        _ = try #require(await probed.wait(for: "Adivina: "))
        probed.process.terminate()
        #expect(await probed.exitStatus() == 0)

        environment["ADIVINA_MAIN_ACTOR_PROBE"] = nil
        let quiet = try Child(try Self.dataArguments(), environment: environment)
        _ = try #require(await quiet.wait(for: "/\n"))
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(!quiet.text.contains("main-actor-probe"))
        quiet.process.terminate()
        #expect(await quiet.exitStatus() == 0)
    }
}
