import Foundation
import Testing
import TestSupport

@testable import Models

/// Schema 12 (issue 36, point 3): what a round in play needs to go on is kept
/// (`RoundRecords.keep(_:checkpoint:progress:)`) and read back at the next start
/// (`RoundRecords.resumable(now:)`); a file of schema 11 is migrated with its rounds and answers.
@Suite("Store: a round in play kept to go on after a restart")
struct RoundResumeRecordsTests {
    private let database = ScratchDatabase("adivina-round-resume")

    private static let start = Date(timeIntervalSince1970: 1_790_000_000)

    private static func checkpoint(at date: Date) throws -> RoundCheckpoint {
        let quiz = SetQuiz(question: "¿2 + 2?", answer: .choice([SetQuizOption(text: "4", right: true), SetQuizOption(text: "5", right: false)]))
        return RoundCheckpoint(
            room: 1, game: .quizzes, set: nil, questions: [RoundQuestion(number: 1, quiz: quiz), RoundQuestion(number: 2, quiz: quiz)],
            current: 2, closed: [1], selfPaced: false, locked: true, timing: try RoundTiming(seconds: 30, speedPoints: true),
            extraTime: [2: 1.5], roomOpened: [1: start, 2: start.addingTimeInterval(40)], savedAt: date)
    }

    private static func roundStart() -> RoundStart {
        RoundStart(
            game: .quizzes, setID: nil, questions: [RecordedQuestion(text: "¿2 + 2?", kind: .choice, options: ["4", "5"])],
            seconds: 30, speedPoints: true, startedAt: start)
    }

    @Test func aRoundInPlayIsReadBackWithItsProgressAndPicksUntilItEnds() throws {
        let records = RoundRecords(store: try Store(path: database.path))
        let id = try records.start(Self.roundStart())
        let saved = try Self.checkpoint(at: Self.start.addingTimeInterval(41))
        let ana = PlayerCheckpoint(opened: [:], missed: [], asked: [1, 2], savedAt: Self.start.addingTimeInterval(41))
        try records.keep(id, checkpoint: saved, progress: [1: ana])
        try records.add(RoundAnswer(playerID: 1, name: "Ana", question: 2, answer: "4", right: true, seconds: 3, points: 950, picks: [0]), inRound: id)
        // A later change with no checkpoint keeps the one before.
        try records.keep(id, checkpoint: nil, progress: [2: PlayerCheckpoint(opened: [:], missed: [], asked: [2], savedAt: Self.start)])

        let kept = try #require(try records.resumable(now: Self.start.addingTimeInterval(3600)))
        #expect(kept.id == id && kept.checkpoint == saved, "the checkpoint as kept")
        #expect(kept.progress == [1: ana, 2: PlayerCheckpoint(opened: [:], missed: [], asked: [2], savedAt: Self.start)])
        #expect(kept.answers.map(\.picks) == [[0]], "the answer's picks")
        #expect(kept.lastAlive == Self.start.addingTimeInterval(43), "alive until the answer, 3 s after question 2 opened")
        #expect(try records.resumable(now: Self.start.addingTimeInterval(41 + ClassroomRoomRecords.forgetAfter + 60)) == nil,
                "not after the room's 12 hours")

        try records.end(id, at: Self.start.addingTimeInterval(100), players: [])
        #expect(try records.resumable(now: Self.start.addingTimeInterval(101)) == nil, "an ended round does not go on")
        try records.keep(id, checkpoint: saved, progress: [:])
        #expect(try records.resumable(now: Self.start.addingTimeInterval(101)) == nil, "nor is it kept again after its end")
    }

    @Test func aSchema11FileIsMigratedWithItsRoundsAndAnswers() throws {
        let old = try Store(path: database.path, migrations: Array(StoreSchema.migrations.prefix(11)))
        let id = try old.write { connection throws(StoreError) -> Int in
            try connection.execute("INSERT INTO classroom_rounds (game, seconds, speed_points, started_at) VALUES ('trivia', 20, 1, 1790000000)")
            try connection.execute("INSERT INTO classroom_round_questions (round_id, number, text, kind) VALUES (1, 1, '¿2 + 2?', 'choice')")
            try connection.execute("INSERT INTO classroom_round_players (round_id, player_id, name) VALUES (1, 1, 'Ana')")
            try connection.execute(
                "INSERT INTO classroom_round_answers (round_id, player_id, question, answer, right, seconds, points) VALUES (1, 1, 1, '4', 1, 2, 950)")
            return 1
        }
        let store = try Store(path: database.path)
        #expect(try store.schemaVersion() == StoreSchema.migrations.count)
        #expect(try store.integrityCheck() == "ok")
        let records = RoundRecords(store: store)
        let record = try #require(try records.record(id))
        #expect(record.answers.map(\.points) == [950] && record.answers.map(\.picks) == [[]], "the answer kept, no picks known")
        #expect(try records.resumable(now: Self.start) == nil, "a round of an older Adivina has no checkpoint: it is closed")
        #expect(try records.closeInterrupted(at: Self.start) == id)
        #expect(try ClassroomRoomRecords(store: store).bans().isEmpty)
    }
}
