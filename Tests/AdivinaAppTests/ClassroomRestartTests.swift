import Foundation
import Testing
import TestSupport

/// The class survives a restart of the real `adivina --classroom` (issue 36, point 3): the host
/// key is kept in the data folder, owner-only, and `--new-host-key` makes another.
@Suite(.timeLimit(.minutes(5)))
struct ClassroomRestartTests {
    /// A new data folder's arguments for a classroom on any free port.
    static func classroom(_ data: URL, _ extra: [String] = []) throws -> ExecutableTests.Child {
        try ExecutableTests.Child(["--classroom", "--port", "0", "--data-dir", data.path] + extra)
    }

    static func newDataFolder() throws -> URL {
        let data = TestFiles.scratch("adivina-restart")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return data
    }

    /// Stops `child` with `signal` and waits for its end.
    static func stop(_ child: ExecutableTests.Child, _ signal: Int32) async {
        kill(child.process.processIdentifier, signal)
        _ = await child.exitStatus()
    }

    @Test func theHostKeySurvivesARestartAndANewOneIsMadeOnlyWhenAsked() async throws {
        let data = try Self.newDataFolder()
        let first = try Self.classroom(data)
        let key = try await first.classroomAddress().key
        await Self.stop(first, SIGKILL)
        let file = data.appendingPathComponent("host-key")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600, "readable by its owner only: \(String(mode, radix: 8))")

        let second = try Self.classroom(data)
        let (base, kept) = try await second.classroomAddress()
        #expect(kept == key, "the same key after a kill -9")
        let login = try await ClassroomClient(base: base).post("/api/classroom/host/login", try ClassroomClient.json(["key": key]))
        #expect(login.status == 200 || login.status == 204, "\(login.status)")
        await Self.stop(second, SIGTERM)

        let renewed = try Self.classroom(data, ["--new-host-key"])
        let (renewedBase, newKey) = try await renewed.classroomAddress()
        #expect(newKey != key && newKey.count == 32, "a new key: \(newKey)")
        let old = try await ClassroomClient(base: renewedBase).post("/api/classroom/host/login", try ClassroomClient.json(["key": key]))
        #expect(old.status == 403, "the old key stops working: \(old.status)")
        await Self.stop(renewed, SIGTERM)
    }
}
