import Foundation
import Testing
import TestSupport

@testable import Models

/// Only the steps that drive the room (a main-actor model, a few milliseconds) run on the main
/// actor; the heavy part, parsing, patching and comparing JSON, runs on a thread of its own
/// (`onOwnThread`), so that this suite holds neither the main actor nor the cooperative pool
/// for seconds while other suites' models and request handlers wait for a turn.
@Suite("ClassroomSnapshotPatch: the leaderboard's changes as small patches")
struct ClassroomSnapshotPatchTests {
    private let key = "host-key-for-tests"

    private func patch(from old: ClassroomSnapshot, to new: ClassroomSnapshot) -> [String: Any]? {
        new.patchJSON(from: old).map(SnapshotPatch.object)
    }

    @MainActor @Test func oneRightAnswerSendsOnlyThatRowAndTheCounts() throws {
        let room = Classroom(hostKey: key)
        let players = try (1...50).map { try room.join(name: "Jugador \($0)") }
        try room.pick(.trivia, hostKey: key)
        try room.start(questionCount: 10, hostKey: key)
        let before = room.snapshot.value
        try room.record(playerID: players[30].id, number: 1, right: true)
        let after = room.snapshot.value

        let data = try #require(after.patchJSON(from: before))
        let patch = SnapshotPatch.object(data)
        #expect(Set((patch["set"] as? [String: Any] ?? [:]).keys) == ["answeredCount"])
        let list = try #require((patch["lists"] as? [String: Any])?["players"] as? [String: Any])
        let rows = try #require(list["upsert"] as? [[String: Any]])
        let row = try #require(rows.first)
        #expect(rows.count == 1 && row["id"] as? Int == players[30].id && row["score"] as? Int == 1)
        #expect(row["name"] == nil && row["away"] == nil, "only the fields that changed: \(row.keys.sorted())")
        #expect(list["remove"] == nil)
        #expect(list["sort"] as? [String] == ["-score", "id"])
        #expect(data.count * 20 < after.json().count, "\(data.count) bytes instead of \(after.json().count)")
        #expect(SnapshotPatch.equal(SnapshotPatch.apply(patch, to: SnapshotPatch.object(before.json())), SnapshotPatch.object(after.json())))
    }

    @MainActor @Test func nothingVisibleChangedGivesNoPatch() throws {
        let room = Classroom(hostKey: key)
        _ = try room.join(name: "Ana")
        let snapshot = room.snapshot.value
        #expect(snapshot.patchJSON(from: snapshot) == nil)
    }

    @Test func aFieldThatBecomesNullIsSetToNull() throws {
        let old = ClassroomSnapshot(phase: .lobby, game: .quizzes, question: 0, total: 0, selfPaced: false, players: [], podium: [])
        let new = ClassroomSnapshot(phase: .lobby, game: nil, question: 0, total: 0, selfPaced: false, players: [], podium: [])
        let data = try #require(new.patchJSON(from: old))
        #expect(String(decoding: data, as: UTF8.self) == #"{"set":{"game":null}}"#)
    }

    @MainActor @Test func aPlayerWhoLeavesIsRemovedByID() throws {
        let room = Classroom(hostKey: key)
        let players = try ["Ana", "Bea", "Carla"].map { try room.join(name: $0) }
        let before = room.snapshot.value
        try room.remove(playerID: players[1].id, hostKey: key)
        let patch = try #require(self.patch(from: before, to: room.snapshot.value))
        let list = (patch["lists"] as? [String: Any])?["players"] as? [String: Any]
        #expect(list?["remove"] as? [Int] == [players[1].id])
        #expect(list?["upsert"] == nil)
        #expect((patch["set"] as? [String: Any])?["playerCount"] as? Int == 2)
    }

    /// Random rounds: joins, leaves, answers (right or wrong, in any order), pace changes, next,
    /// end and new rounds. After every step the patch applied to the old snapshot's JSON gives
    /// the new snapshot's JSON exactly, players in leaderboard order included.
    @MainActor @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func patchesRebuildEverySnapshotExactly(seed: UInt64) async throws {
        let (snapshots, joined) = try await Self.randomRounds(seed: seed, hostKey: key)
        let first = try #require(snapshots.first)
        let mismatches = try await onOwnThread { () -> [Int] in
            var shown = SnapshotPatch.object(first.json())
            var mismatches: [Int] = []
            for (step, (previous, current)) in zip(snapshots, snapshots.dropFirst()).enumerated() {
                if let patch = current.patchJSON(from: previous).map(SnapshotPatch.object) {
                    shown = SnapshotPatch.apply(patch, to: shown)
                }
                if !SnapshotPatch.equal(shown, SnapshotPatch.object(current.json())) { mismatches.append(step) }
            }
            return mismatches
        }
        #expect(mismatches.isEmpty, "seed \(seed): the patched snapshot differs after steps \(mismatches)")
        #expect(joined > 20)
    }

    /// The room's snapshot before and after each of 400 random steps, and how many joined. It
    /// yields the main actor after each step: other suites' models run there too, and a round
    /// played in one go held it for seconds on a loaded machine (their deadlines came late).
    @MainActor
    private static func randomRounds(seed: UInt64, hostKey key: String) async throws -> (snapshots: [ClassroomSnapshot], joined: Int) {
        var random = SeededGenerator(seed: seed)
        let room = Classroom(hostKey: key)
        var joined = 0
        var snapshots = [room.snapshot.value]
        for _ in 0..<400 {
            let players = room.players
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3:
                joined += 1
                _ = try? room.join(name: "Jugador \(joined)")
            case 3 where !players.isEmpty:
                let leaving = try #require(players.randomElement(using: &random))
                try room.remove(playerID: leaving.id, hostKey: key)
            case 4:
                try? room.pick(Bool.random(using: &random) ? .trivia : .quizzes, hostKey: key)
                try? room.start(questionCount: Int.random(in: 1...10, using: &random), hostKey: key)
            case 5:
                try room.setSelfPaced(Bool.random(using: &random), hostKey: key)
            case 6:
                _ = try? room.moveOn(hostKey: key)
            case 7:
                _ = try? room.end(savingTo: nil, hostKey: key)
            default:
                guard let player = players.randomElement(using: &random), room.questionCount > 0 else { continue }
                let number = room.selfPaced ? Int.random(in: 1...room.questionCount, using: &random) : room.currentQuestion
                _ = try? room.record(playerID: player.id, number: number, right: Bool.random(using: &random))
            }
            snapshots.append(room.snapshot.value)
            await Task.yield()
        }
        return (snapshots, joined)
    }
}
