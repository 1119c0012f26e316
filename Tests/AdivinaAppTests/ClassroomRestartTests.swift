import Foundation
import Testing
import TestSupport

/// The class survives a restart of the real `adivina --classroom` (issue 36, point 3): the host
/// key is kept in the data folder, owner-only, and `--new-host-key` makes another; after a
/// kill -9 the players come back with their cookies, rejoin codes and points, and the round the
/// crash interrupted goes on where it was.
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

    @Test(arguments: [SIGKILL, SIGTERM])
    func afterAKill9OrAStopThePlayersAndTheRoundComeBack(_ signal: Int32) async throws {
        let data = try Self.newDataFolder()
        let first = try Self.classroom(data)
        let host = try await first.classroomHost()
        let players = try await ClassroomClient(base: host.base).joined(["Ana", "Bea"])
        let code = try #require(try await players[1].round()["rejoinCode"] as? String)
        let quiz = #"{"kind":"truefalse","question":"¿El agua hierve a 100 °C al nivel del mar?","answer":true}"#
        let set = try await host.post("/api/classroom/sets", #"{"title":"Física","quizzes":[\#(quiz),\#(quiz)]}"#)
        let setID = try #require(set.json["id"] as? Int, "\(set.status) \(set.error ?? "")")
        let pick = #"{"game":"quizzes","set":\#(setID)}"#
        _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
        _ = try await host.post("/api/classroom/host/game", pick)
        #expect(try await host.post("/api/classroom/host/start").status == 200)
        let reply = try await players[0].answer(1, true)
        #expect(reply.status == 200, "\(reply.error ?? "")")
        let points = try #require(reply.json["points"] as? Int)
        #expect(points == 1, "right: \(reply.json)")
        // A kill -9 loses what waits in the store's queue (the reliability section says so):
        // the crash comes once the answer is written. A clean stop writes the queue itself.
        if signal == SIGKILL {
            let written = try await eventually({ try await host.get("/api/classroom/rounds").body }, until: { body in
                ((try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]])?.first?["players"] as? Int == 1
            })
            try #require(written.met, "the answer written: \(String(decoding: written.value, as: UTF8.self))")
        }
        await Self.stop(first, signal)

        let second = try Self.classroom(data)
        let (base, key) = try await second.classroomAddress()
        let state = try await ClassroomClient(base: base).get("/api/classroom/state").json
        let rows = try #require(state["players"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Ana", "Bea"], "\(rows)")
        #expect(rows.first?["score"] as? Int == points, "Ana's points kept: \(rows)")
        #expect(state["phase"] as? String == "playing" && state["selfPaced"] as? Bool == true, "the round goes on: \(state)")
        let ana = ClassroomClient(base: base, cookie: players[0].cookie)
        let me = try await ana.get("/api/classroom/me")
        #expect(me.status == 200 && me.json["name"] as? String == "Ana", "Ana's cookie works after the restart: \(me.status)")
        let rejoined = try await ClassroomClient(base: base).post("/api/classroom/rejoin", try ClassroomClient.json(["name": "Bea", "code": code]))
        #expect(rejoined.status == 200, "Bea's rejoin code works: \(rejoined.status) \(rejoined.error ?? "")")
        let restarted = ClassroomClient(base: base, headers: ["X-Host-Key": key])
        let list = try #require(try JSONSerialization.jsonObject(with: try await restarted.get("/api/classroom/rounds").body) as? [[String: Any]])
        let round = try #require(list.first)
        #expect(round["interrupted"] as? Bool == false && round["endedAt"] is NSNull, "still in play: \(round)")
        #expect(try await ana.answer(1, true).status == 409, "Ana's answer stays given")
        let next = try await ana.answer(2, true)
        #expect(next.status == 200 && next.json["points"] as? Int == 1, "and she goes on to question 2: \(next.error ?? "")")
        #expect(try await restarted.post("/api/classroom/host/end").status == 200, "the host ends the round")
        let report = try await restarted.get("/api/classroom/rounds/1").json
        let totals = try #require(report["players"] as? [[String: Any]])
        #expect(totals.first { $0["name"] as? String == "Ana" }?["points"] as? Int == points + 1, "the results' points: \(totals)")
        #expect(try await restarted.post("/api/classroom/host/start").status == 200, "a new round starts")
        #expect(try await ana.answer(1, true).status == 200, "and Ana plays it with her old cookie")
        await Self.stop(second, SIGTERM)
    }
}
