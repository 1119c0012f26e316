import Foundation
import Testing
import TestSupport

/// The data folder's disk failing under the real `adivina`, on a tiny filesystem of its own (a
/// tmpfs mounted for the test: root on Linux; skipped otherwise): a folder that cannot be written
/// stops the start, naming it (exit 73); a disk that fills mid-round keeps every acknowledged
/// answer and the round's end in memory, says so at once on the terminal, and writes them all
/// once space comes back.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: TestSystem.canMountFilesystems, "mounting a tiny filesystem needs root on Linux"))
struct DataFolderFailureTests {
    /// A tmpfs of `size` mounted on a new scratch folder.
    struct TinyDisk {
        let folder: URL

        init(size: String) async throws {
            folder = TestFiles.scratch("adivina-tinydisk")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await Self.mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        }

        static func mount(_ arguments: [String]) async throws {
            let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/mount"), arguments, timeout: .seconds(30))
            try #require(result.status == 0, "mount \(arguments): \(String(decoding: result.errors, as: UTF8.self))")
        }

        func remount(readOnly: Bool) async throws {
            try await Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", folder.path])
        }

        /// Fills the disk with a file of zeros.
        func fill() async throws {
            _ = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/dd"), ["if=/dev/zero", "of=\(folder.path)/relleno", "bs=64k"], timeout: .seconds(60))
        }

        func empty() throws {
            try FileManager.default.removeItem(atPath: folder.path + "/relleno")
        }

        func unmount() async {
            _ = try? await ChildProcess.run(URL(fileURLWithPath: "/bin/umount"), ["-l", folder.path], timeout: .seconds(30))
        }

        /// Runs `body` on a new tiny disk of `size`, unmounted afterwards whatever happens.
        static func with(size: String, _ body: (TinyDisk) async throws -> Void) async throws {
            let disk = try await TinyDisk(size: size)
            do {
                try await body(disk)
            } catch {
                await disk.unmount()
                throw error
            }
            await disk.unmount()
        }
    }

    @Test func aFolderThatCannotBeWrittenStopsTheStartNamingIt() async throws {
        try await TinyDisk.with(size: "1m") { disk in
            try await disk.remount(readOnly: true)
            let readOnly = try ExecutableTests.Child(["--port", "0", "--data-dir", disk.folder.path])
            let readOnlyStatus = await readOnly.exitStatus()
            try await disk.remount(readOnly: false)
            try await disk.fill()
            let full = try ExecutableTests.Child(["--port", "0", "--data-dir", disk.folder.path])
            let fullStatus = await full.exitStatus()

            #expect(readOnlyStatus == 73, "\(readOnly.text)")
            #expect(readOnly.text.contains("No se puede escribir en la carpeta de datos \(disk.folder.path): es de solo lectura"), "\(readOnly.text)")
            #expect(!readOnly.text.contains("Adivina: http"), "it never served")
            #expect(fullStatus == 73, "\(full.text)")
            #expect(full.text.contains("No se puede escribir en la carpeta de datos \(disk.folder.path): el disco está lleno"), "\(full.text)")
        }
    }

    @Test func aDiskThatFillsMidRoundLosesNoAcknowledgedAnswer() async throws {
        try await TinyDisk.with(size: "16m") { disk in
            let child = try ExecutableTests.Child(["--classroom", "--port", "0", "--data-dir", disk.folder.path])
            defer { child.process.terminate() }
            let host = try await child.classroomHost()
            let players = try await ClassroomClient(base: host.base).joined(["Ana", "Bea", "Carla"])
            _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await players[0].answer(1, [0]).status == 200)

            try await disk.fill()
            for player in players.dropFirst() {
                let reply = try await player.answer(1, [0])
                #expect(reply.status == 200, "acknowledged: \(reply.error ?? "")")
            }
            let said = await child.wait(for: "No se pueden guardar los resultados: el disco está lleno")
            #expect(said != nil, "said at once on the terminal: \(child.text)")
            let told = try await eventually({ try await Self.resultsProblem(host) }, until: { $0 != nil })
            #expect(told.value?.hasPrefix("No se pueden guardar los resultados: el disco está lleno.") == true, "the host's state: \(told)")
            #expect(told.value?.contains(disk.folder.path) == false, "the public state names no path")
            let ended = try await host.post("/api/classroom/host/end", #"{"saveToRanking":false}"#)
            #expect(ended.status == 200, "\(ended.status) \(ended.error ?? "")")

            try disk.empty()
            #expect(await child.wait(for: "los resultados vuelven a guardarse") != nil, "\(child.text)")
            let cleared = try await eventually({ try await Self.resultsProblem(host) }, until: { $0 == nil })
            #expect(cleared.met, "the host's alert goes once written: \(cleared.value ?? "")")
            let rounds = try await host.get("/api/classroom/rounds")
            let list = try #require(try JSONSerialization.jsonObject(with: rounds.body) as? [[String: Any]])
            let round = try #require(list.first)
            #expect(round["endedAt"] != nil && !(round["endedAt"] is NSNull), "\(round)")
            let id = try #require(round["id"] as? Int)
            let report = try await host.get("/api/classroom/rounds/\(id)").json
            let totals = try #require(report["players"] as? [[String: Any]])
            #expect(totals.count == 3 && totals.allSatisfy { $0["answered"] as? Int == 1 }, "every answer written: \(totals)")
            child.process.terminate()
            _ = await child.exitStatus()
        }
    }

    @Test func aRoundWhoseStartCannotBeWrittenIsNotPlayed() async throws {
        try await TinyDisk.with(size: "16m") { disk in
            let child = try ExecutableTests.Child(["--classroom", "--port", "0", "--data-dir", disk.folder.path])
            defer { child.process.terminate() }
            let host = try await child.classroomHost()
            _ = try await ClassroomClient(base: host.base).joined(["Ana"])
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#)
            try await disk.fill()
            let refused = try await host.post("/api/classroom/host/start")
            #expect(refused.status == 503, "\(refused.status) \(refused.error ?? "")")
            #expect(refused.error?.hasPrefix("No se puede empezar la ronda: no se pueden guardar los resultados") == true, "\(refused.error ?? "")")
            #expect(try await host.get("/api/classroom/state").json["phase"] as? String == "lobby", "not played unrecorded")

            try disk.empty()
            let started = try await host.post("/api/classroom/host/start")
            #expect(started.status == 200, "once the disk allows: \(started.error ?? "")")
            let rounds = try await host.get("/api/classroom/rounds")
            let list = try #require(try JSONSerialization.jsonObject(with: rounds.body) as? [[String: Any]])
            #expect(list.count == 1, "the round played is recorded: \(list)")
            child.process.terminate()
            _ = await child.exitStatus()
        }
    }

    /// The room's `resultsProblem`, as the host's page gets it.
    static func resultsProblem(_ host: ClassroomClient) async throws -> String? {
        try await host.get("/api/classroom/state").json["resultsProblem"] as? String
    }
}
