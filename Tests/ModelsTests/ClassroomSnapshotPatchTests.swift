import Foundation
import Testing
import TestSupport

@testable import Models

@Suite("ClassroomSnapshotPatch: the leaderboard's changes as small patches")
@MainActor
struct ClassroomSnapshotPatchTests {
    private let key = "host-key-for-tests"

    private func patch(from old: ClassroomSnapshot, to new: ClassroomSnapshot) -> [String: Any]? {
        new.patchJSON(from: old).map(SnapshotPatch.object)
    }

    @Test func oneRightAnswerSendsOnlyThatRowAndTheCounts() throws {
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
        #expect(rows.count == 1 && rows[0]["name"] as? String == "Jugador 31" && rows[0]["score"] as? Int == 1)
        #expect(list["remove"] == nil)
        #expect(list["sort"] as? [String] == ["-score", "id"])
        #expect(data.count * 20 < after.json().count, "\(data.count) bytes instead of \(after.json().count)")
        #expect(SnapshotPatch.equal(SnapshotPatch.apply(patch, to: SnapshotPatch.object(before.json())), SnapshotPatch.object(after.json())))
    }

    @Test func nothingVisibleChangedGivesNoPatch() throws {
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

    @Test func aPlayerWhoLeavesIsRemovedByID() throws {
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
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func patchesRebuildEverySnapshotExactly(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let room = Classroom(hostKey: key)
        var joined = 0
        var shown = SnapshotPatch.object(room.snapshot.value.json())
        var previous = room.snapshot.value
        for _ in 0..<400 {
            let players = room.players
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3:
                joined += 1
                _ = try? room.join(name: "Jugador \(joined)")
            case 3 where !players.isEmpty:
                try room.remove(playerID: try #require(players.randomElement(using: &random)).id, hostKey: key)
            case 4:
                try? room.pick(Bool.random(using: &random) ? .trivia : .quizzes, hostKey: key)
                try? room.start(questionCount: Int.random(in: 1...10, using: &random), hostKey: key)
            case 5:
                try room.setSelfPaced(Bool.random(using: &random), hostKey: key)
            case 6:
                _ = try? room.next(hostKey: key)
            case 7:
                _ = try? room.end(savingTo: nil, hostKey: key)
            default:
                guard let player = players.randomElement(using: &random), room.questionCount > 0 else { continue }
                let number = room.selfPaced ? Int.random(in: 1...room.questionCount, using: &random) : room.currentQuestion
                _ = try? room.record(playerID: player.id, number: number, right: Bool.random(using: &random))
            }
            let current = room.snapshot.value
            if let patch = patch(from: previous, to: current) {
                shown = SnapshotPatch.apply(patch, to: shown)
            }
            #expect(SnapshotPatch.equal(shown, SnapshotPatch.object(current.json())), "seed \(seed)")
            previous = current
        }
        #expect(joined > 20)
    }
}
