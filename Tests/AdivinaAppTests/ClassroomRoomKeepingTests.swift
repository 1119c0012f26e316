import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
@testable import Models

/// The room kept in the database (issue 36, point 3), in the app itself: a join never waits for
/// the disk (the player is written on the results store's queue), and a restart takes the room
/// back only while it is less than `ClassroomRoomRecords.forgetAfter` old, on the app's clock.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClassroomRoomKeepingTests {
    /// Another writer holds the database (a disk that makes writes wait): a join is answered
    /// all the same, the host is told that results cannot be saved, and the player is written
    /// once the database is free. (Before, the join waited for the database on the room's actor
    /// and, once SQLite gave up, the player was never kept.)
    @Test func aJoinDoesNotWaitForASlowDisk() async throws {
        try await withClassroom { running, host, anyone in
            let results = try #require(running.app.classroom?.results)
            let other = try Store(path: results.records.store.path)
            let release = DispatchSemaphore(value: 0)
            let (holding, held) = AsyncStream<Void>.makeStream()
            let (outcome, ended) = AsyncStream<Bool>.makeStream()
            // The holder lets go when the test says, or at the hang bound (then it says so).
            let bound = DispatchTime.now() + .seconds(Int(hangBound.components.seconds))
            Thread.detachNewThread {
                try? other.write { _ in
                    held.yield()
                    ended.yield(release.wait(timeout: bound) == .success)
                }
            }
            for await _ in holding { break }
            let (reply, ana) = try await anyone.join("Ana")
            let told = try await eventually({ try await DataFolderFailureTests.resultsProblem(host) }, until: { $0 != nil })
            release.signal()
            var letGoByTheTest = false
            for await value in outcome {
                letGoByTheTest = value
                break
            }
            #expect(letGoByTheTest, "the join was answered and the host told while the database was held")
            #expect(reply.status == 201, "\(reply.status) \(reply.error ?? "")")
            #expect(told.met, "the host is told the player cannot be saved yet")
            let cleared = try await eventually({ try await DataFolderFailureTests.resultsProblem(host) }, until: { $0 == nil })
            #expect(cleared.met, "and that all is written once the database is free: \(cleared.value ?? "")")
            let saved = try await results.read { _ in try results.room.players(now: Date()) }
            #expect(saved.map(\.player.name) == ["Ana"] && saved.first?.player.token == ana.cookie?.split(separator: "=").last.map(String.init),
                    "\(saved)")
        }
    }

    /// A room whose last change is `hours` old at the restart (on the app's clock, injected) is
    /// taken back (under 12 hours) or forgotten: no players, in the lobby, their cookies no
    /// longer work.
    @Test(arguments: [11.0, 12.0 + 1.0 / 60])
    func aRoomIsTakenBackWithinTwelveHoursAndForgottenAfter(_ hours: Double) async throws {
        let data = try RunningApp.temporaryDirectory("room-age")
        let left = Date()
        var ana: ClassroomClient?
        try await withApp(["--classroom"], dataDirectory: data, clock: ClassroomRound.Clock(getReady: 0)) { first in
            let host = ClassroomClient(base: first.url, headers: ["X-Host-Key": try #require(first.app.hostKey)])
            ana = try await ClassroomClient(base: first.url).joined("Ana")
            _ = try await ClassroomClient(base: first.url).joined("Bea")
            let quiz = #"{"kind":"truefalse","question":"¿El agua hierve a 100 °C al nivel del mar?","answer":true}"#
            let set = try await host.post("/api/classroom/sets", #"{"title":"Física","quizzes":[\#(quiz)]}"#)
            let setID = try #require(set.json["id"] as? Int, "\(set.status) \(set.error ?? "")")
            _ = try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID)}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
        }
        // The room's last change came between `left` and now: measured from the bound that
        // makes the case hold however long the first app took.
        let later = (hours < 12 ? left : Date()).addingTimeInterval(hours * 3600)
        try await withApp(["--classroom"], dataDirectory: data, clock: ClassroomRound.Clock(now: { later })) { second in
            try await Self.expectRoom(in: second, cookie: try #require(ana?.cookie), takenBack: hours < 12, hours: hours)
        }
    }

    /// Expects the room of `second` taken back (Ana's `cookie` works, the interrupted round shown
    /// over) or forgotten (nobody, the lobby); the interrupted round closed in the results either way.
    private static func expectRoom(in second: RunningApp, cookie: String, takenBack: Bool, hours: Double) async throws {
        let key = try #require(second.app.hostKey)
        let anyone = ClassroomClient(base: second.url)
        let state = try await anyone.get("/api/classroom/state").json
        let names = try #require(state["players"] as? [[String: Any]]).map { $0["name"] as? String }
        let me = try await ClassroomClient(base: second.url, cookie: cookie).get("/api/classroom/me")
        if takenBack {
            #expect(names == ["Ana", "Bea"], "taken back after \(hours) h: \(state)")
            #expect(state["phase"] as? String == "finished", "the interrupted round shown over: \(state)")
            #expect(me.status == 200, "Ana's cookie works: \(me.status)")
        } else {
            #expect(names.isEmpty, "forgotten after \(hours) h: \(state)")
            #expect(state["phase"] as? String == "lobby", "a new class starts in the lobby: \(state)")
            #expect(me.status == 401, "Ana's cookie no longer works: \(me.status)")
        }
        let rounds = ClassroomClient(base: second.url, headers: ["X-Host-Key": key])
        let list = try #require(try JSONSerialization.jsonObject(with: try await rounds.get("/api/classroom/rounds").body) as? [[String: Any]])
        #expect(list.first?["interrupted"] as? Bool == true, "the round is closed either way: \(list)")
    }
}
