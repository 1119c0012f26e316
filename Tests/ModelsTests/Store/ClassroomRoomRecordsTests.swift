import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("ClassroomRoomRecords: the room kept across a restart")
struct ClassroomRoomRecordsTests {
    private let database = ScratchDatabase("adivina-room")
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func player(_ id: Int, _ name: String) -> ClassroomPlayer {
        ClassroomPlayer(id: id, name: name, token: "token-\(id)", rejoinCode: "CODE\(id)")
    }

    @Test func playersAreKeptAsTheyChangeAndForgottenOnceTheRoomIsOld() throws {
        let room = ClassroomRoomRecords(store: try Store(path: database.path))
        try room.apply([.save(player(1, "Ana"), address: "10.0.0.2", at: start), .save(player(2, "Bea"), address: "10.0.0.3", at: start)])
        var released = player(2, "Bea")
        released.released = true
        released.token = "new-token"
        try room.apply([.save(released, address: "10.0.0.3", at: start), .save(player(3, "Carla"), address: "10.0.0.4", at: start)])
        try room.apply([.remove(playerID: 3)])

        let reopened = ClassroomRoomRecords(store: try Store(path: database.path))
        let kept = try reopened.players(now: start.addingTimeInterval(ClassroomRoomRecords.forgetAfter))
        #expect(kept.map(\.player.name) == ["Ana", "Bea"])
        #expect(kept.first?.player.token == "token-1" && kept.first?.player.rejoinCode == "CODE1" && kept.first?.address == "10.0.0.2")
        #expect(kept.last?.player.released == true && kept.last?.player.token == "new-token", "the latest save wins")

        let old = try reopened.players(now: start.addingTimeInterval(ClassroomRoomRecords.forgetAfter + 1))
        #expect(old.isEmpty, "yesterday's class is not taken back")
        #expect(try reopened.players(now: start).isEmpty, "and is forgotten")
    }

    @Test func aRoundNeverEndedIsClosedInterruptedWithTheScoresOfItsAnswers() throws {
        let records = RoundRecords(store: try Store(path: database.path))
        let ended = try records.start(RoundStart(game: .trivia, setID: nil, questions: ["a"].typed, seconds: nil, speedPoints: false, startedAt: start))
        try records.end(ended, at: start, players: [])
        let open = try records.start(RoundStart(
            game: .quizzes, setID: nil, questions: ["a", "b"].typed, seconds: 20, speedPoints: true, startedAt: start))
        try records.add([
            (RoundAnswer(playerID: 1, name: "Ana", question: 1, answer: "x", right: true, seconds: 2, points: 900), open),
            (RoundAnswer(playerID: 1, name: "Ana", question: 2, answer: "y", right: true, seconds: 3, points: 850), open),
            (RoundAnswer(playerID: 2, name: "Bea", question: 1, answer: "z", right: false, seconds: 4, points: 0), open),
        ])
        let closedAt = start.addingTimeInterval(60)
        #expect(try records.closeInterrupted(at: closedAt) == open)
        #expect(try records.closeInterrupted(at: closedAt) == nil, "closed once")
        let record = try #require(try records.record(open))
        #expect(record.interrupted && record.endedAt == closedAt)
        #expect(record.players.map(\.score) == [1750, 0])
        #expect(try records.record(ended)?.interrupted == false)
        #expect(try records.latestRoundID() == open)
    }
}
