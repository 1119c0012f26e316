import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// What the teacher keeps: after a clean stop `adivina.sqlite` alone holds every set (copying
/// it is a full backup), `adivina backup FILE` makes one consistent copy while the app runs,
/// and a database that cannot be read stops the start with a message naming it.
@Suite("The database file is the database")
@MainActor
struct DatabaseFileTests {
    private static let set = #"{"title":"Capitales","quizzes":[{"question":"¿Capital de Francia?","answer":"París"}]}"#

    private func titles(_ host: ClassroomClient) async throws -> [String] {
        let reply = try await host.get("/api/classroom/sets")
        let list = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]])
        return list.compactMap { $0["title"] as? String }
    }

    @Test func afterACleanStopCopyingTheFileAloneCopiesEverything() async throws {
        let running = try await RunningApp(arguments: ["--classroom"])
        let key = try #require(running.app.hostKey)
        let host = ClassroomClient(base: running.url, headers: ["X-Host-Key": key])
        #expect(try await host.post("/api/classroom/sets", Self.set).status == 201)
        await running.stop()
        let file = running.dataDirectory.appendingPathComponent("adivina.sqlite")
        let wal = (try? FileManager.default.attributesOfItem(atPath: file.path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "the -wal is empty after the stop")

        // The teacher copies adivina.sqlite, and only it, to another machine.
        let elsewhere = try RunningApp.temporaryDirectory("copy")
        try FileManager.default.copyItem(at: file, to: elsewhere.appendingPathComponent("adivina.sqlite"))
        let copy = try await RunningApp(arguments: ["--classroom"], dataDirectory: elsewhere)
        let copyHost = ClassroomClient(base: copy.url, headers: ["X-Host-Key": try #require(copy.app.hostKey)])
        #expect(try await titles(copyHost) == ["Capitales"])
        await copy.stop()
    }

    @Test func theBackupCommandCopiesWhileTheAppRuns() async throws {
        try await withClassroom { running, host, _ in
            #expect(try await host.post("/api/classroom/sets", Self.set).status == 201)
            let backup = try RunningApp.temporaryDirectory("backup").appendingPathComponent("copia.sqlite")
            let line = try BackupCommand.run([backup.path, "--data-dir", running.dataDirectory.path])
            #expect(line.hasPrefix("Copia de "), "\(line)")
            // Restored: the copy as another app's database.
            let restored = try RunningApp.temporaryDirectory("restored")
            try FileManager.default.copyItem(at: backup, to: restored.appendingPathComponent("adivina.sqlite"))
            let other = try await RunningApp(arguments: ["--classroom"], dataDirectory: restored)
            #expect(try await titles(ClassroomClient(base: other.url, headers: ["X-Host-Key": try #require(other.app.hostKey)])) == ["Capitales"])
            await other.stop()
        }
    }

    @Test func theBackupCommandSaysWhatIsWrong() throws {
        let empty = try RunningApp.temporaryDirectory("nothing")
        #expect(throws: BackupCommand.Failure.self) { try BackupCommand.run([], environment: ["HOME": empty.path]) }
        let none = #expect(throws: BackupCommand.Failure.self) {
            try BackupCommand.run([empty.appendingPathComponent("c.sqlite").path, "--data-dir", empty.path])
        }
        #expect(none?.description.hasPrefix("no hay base de datos en \(empty.path)") == true)
    }

    @Test func theExecutableBacksUpAndRefusesToStartOverAnUnreadableDatabase() async throws {
        let data = try RunningApp.temporaryDirectory("exe-data")
        let file = data.appendingPathComponent("adivina.sqlite")
        // A real database, copied by the command.
        let first = try await RunningApp(dataDirectory: data)
        await first.stop()
        let copy = try RunningApp.temporaryDirectory("exe-copy").appendingPathComponent("copia.sqlite")
        let backup = try ExecutableTests.Child(["backup", copy.path, "--data-dir", data.path])
        #expect(await backup.exitStatus() == 0, "\(backup.text)")
        #expect(backup.text.contains("guardada en \(copy.path)"))
        #expect(FileManager.default.fileExists(atPath: copy.path))

        // The file damaged: the start stops, naming it, and it is left as it was.
        let garbage = Data("no es una base de datos".utf8) + Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: file)
        let start = try ExecutableTests.Child(["--port", "0", "--data-dir", data.path])
        #expect(await start.exitStatus() == 1)
        #expect(start.text.contains("No se puede leer la base de datos \(file.path)"), "\(start.text)")
        #expect(start.text.contains("adivina backup"))
        #expect(!start.text.contains("Adivina: http"), "it never served")
        #expect(try Data(contentsOf: file) == garbage)
    }

    /// `adivina backup` aimed at the data it saves, through the real binary: the live database's
    /// `-wal` (after a kill -9 it holds the last sets: overwritten, they were gone), its other
    /// files, the folder itself, and the live file through a symlinked folder or a symlink.
    /// Each is refused, and the data folder is left byte for byte as it was.
    @Test func theBackupNeverWritesOverTheDataItSaves() async throws {
        let data = try RunningApp.temporaryDirectory("guarded-data")
        let first = try await RunningApp(arguments: ["--classroom"], dataDirectory: data)
        let host = ClassroomClient(base: first.url, headers: ["X-Host-Key": try #require(first.app.hostKey)])
        #expect(try await host.post("/api/classroom/sets", Self.set).status == 201)
        await first.stop()
        let live = data.appendingPathComponent("adivina.sqlite")
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: data.path) {
                files[name] = try Data(contentsOf: data.appendingPathComponent(name))
            }
            return files
        }
        let before = try snapshot()

        let outside = try RunningApp.temporaryDirectory("guarded-links")
        let linkedFolder = outside.appendingPathComponent("carpeta")
        try FileManager.default.createSymbolicLink(at: linkedFolder, withDestinationURL: data)
        let linkedFile = outside.appendingPathComponent("copia.sqlite")
        try FileManager.default.createSymbolicLink(at: linkedFile, withDestinationURL: live)
        let targets = [
            live.path + "-wal", live.path + "-shm", live.path + "-journal", live.path,
            data.appendingPathComponent("copia.sqlite").path, data.path,
            linkedFolder.appendingPathComponent("adivina.sqlite").path, linkedFolder.appendingPathComponent("otra.sqlite").path,
            linkedFile.path, data.path + "/../" + data.lastPathComponent + "/adivina.sqlite",
        ]
        for target in targets {
            let backup = try ExecutableTests.Child(["backup", target, "--data-dir", data.path])
            #expect(await backup.exitStatus() == 1, "\(target): \(backup.text)")
            #expect(backup.text.contains("la copia no puede ir"), "\(target): \(backup.text)")
        }
        #expect(try snapshot() == before, "the data folder is untouched")

        // Outside the folder the copy is made, and no `.partial` is left beside it.
        let copy = outside.appendingPathComponent("buena.sqlite")
        let backup = try ExecutableTests.Child(["backup", copy.path, "--data-dir", data.path])
        #expect(await backup.exitStatus() == 0, "\(backup.text)")
        #expect(FileManager.default.fileExists(atPath: copy.path))
        #expect(!FileManager.default.fileExists(atPath: copy.path + ".partial"))
    }
}
