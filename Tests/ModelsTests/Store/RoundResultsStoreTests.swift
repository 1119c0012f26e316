import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Models

@Suite("RoundResultsStore: every round's results in SQLite")
@MainActor
struct RoundResultsStoreTests {
    private let database = ScratchDatabase("adivina-rounds")
    private var path: String { database.path }
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func answer(_ player: Int, _ name: String, _ question: Int, _ text: String, right: Bool, seconds: Double = 2, points: Int? = nil)
        -> RoundAnswer
    {
        RoundAnswer(playerID: player, name: name, question: question, answer: text, right: right, seconds: seconds,
                    points: points ?? (right ? 1 : 0))
    }

    @Test func aRoundIsRecordedAndReadBackAcrossReopening() async throws {
        let results = RoundResultsStore(store: try Store(path: path))
        let id = try results.roundStarted(RoundStart(
            game: .quizzes, setID: 4, questions: ["¿Capital de Francia?", "¿Capital de Italia?"].typed, seconds: 20,
            speedPoints: true, startedAt: start))
        #expect(id > 0)
        let answers = [
            answer(1, "Ana", 1, "París", right: true, seconds: 3.25, points: 919),
            answer(2, "Bea", 1, "Lyon", right: false, seconds: 7),
            answer(1, "Ana", 2, "Milán", right: false, seconds: 1.5),
        ]
        for given in answers { results.answered(given, inRound: id) }
        results.roundEnded(id, at: start.addingTimeInterval(90), players: [
            RoundPlayer(id: 1, name: "Ana", score: 919), RoundPlayer(id: 2, name: "Bea", score: 0),
            RoundPlayer(id: 3, name: "Carla", score: 0),
        ])
        // The first store's queue done (a read on it comes after every write), then reopened.
        _ = try await results.read { _ in 0 }

        let reopened = RoundResultsStore(store: try Store(path: path))
        let record = try await reopened.record(id)
        #expect(record == RoundRecord(
            id: id, game: .quizzes, setID: 4, startedAt: start, endedAt: start.addingTimeInterval(90),
            questions: ["¿Capital de Francia?", "¿Capital de Italia?"].typed,
            players: [RoundPlayer(id: 1, name: "Ana", score: 919), RoundPlayer(id: 2, name: "Bea", score: 0),
                      RoundPlayer(id: 3, name: "Carla", score: 0)],
            answers: [answers[0], answers[1], answers[2]]))
        #expect(try await reopened.list() == [RoundSummary(
            id: id, game: .quizzes, setID: 4, startedAt: start, endedAt: start.addingTimeInterval(90), players: 3)])
    }

    @Test func roundsAreListedLatestFirstAndAnUnendedRoundHasNoEnd() async throws {
        let results = RoundResultsStore(store: try Store(path: path))
        let first = try results.roundStarted(RoundStart(
            game: .trivia, setID: nil, questions: ["q"].typed, seconds: nil, speedPoints: false, startedAt: start))
        results.roundEnded(first, at: start.addingTimeInterval(10), players: [])
        let second = try results.roundStarted(RoundStart(
            game: .quizzes, setID: nil, questions: ["q"].typed, seconds: nil, speedPoints: false, startedAt: start.addingTimeInterval(60)))
        results.answered(answer(7, "Dani", 1, "a", right: true), inRound: second)
        #expect(try await results.list() == [
            RoundSummary(id: second, game: .quizzes, setID: nil, startedAt: start.addingTimeInterval(60), endedAt: nil, players: 1),
            RoundSummary(id: first, game: .trivia, setID: nil, startedAt: start, endedAt: start.addingTimeInterval(10), players: 0),
        ])
        await #expect(throws: ModelError.unknownItem(.round, id: 999)) { try await results.record(999) }
    }

    @Test func anAnswerGivenAgainReplacesTheFirstAndARemovedPlayerKeepsTheirAnswers() async throws {
        let results = RoundResultsStore(store: try Store(path: path))
        let id = try results.roundStarted(RoundStart(
            game: .quizzes, setID: nil, questions: ["q"].typed, seconds: nil, speedPoints: false, startedAt: start))
        results.answered(answer(1, "Ana", 1, "x", right: false), inRound: id)
        results.answered(answer(1, "Ana", 1, "y", right: true), inRound: id)
        results.answered(answer(2, "Bea", 1, "z", right: false), inRound: id)
        results.roundEnded(id, at: start, players: [RoundPlayer(id: 1, name: "Ana", score: 1)])
        let record = try await results.record(id)
        #expect(record.answers.map(\.answer) == ["y", "z"])
        #expect(record.players == [RoundPlayer(id: 1, name: "Ana", score: 1), RoundPlayer(id: 2, name: "Bea", score: 0)])
    }

    @Test func aClassAnsweringAtOnceLosesNoAnswerAndAReadSeesEveryOneAskedBefore() async throws {
        let results = RoundResultsStore(store: try Store(path: path))
        let id = try results.roundStarted(RoundStart(
            game: .trivia, setID: nil, questions: ((1...10).map { "q\($0)" }).typed, seconds: nil, speedPoints: false, startedAt: start))
        // 40 players answer their 10 questions at once: the answers that come while a write
        // waits are written with it.
        for player in 1...40 {
            for question in 1...10 {
                results.answered(RoundAnswer(playerID: player, name: "P\(player)", question: question, answer: "a",
                                             right: question.isMultiple(of: 2), seconds: 1, points: 1), inRound: id)
            }
        }
        results.answered(answer(41, "Último", 1, "z", right: true), inRound: id)
        let record = try await results.record(id)
        #expect(record.answers.count == 401)
        #expect(Set(record.answers.map { "\($0.playerID)/\($0.question)" }).count == 401)
        #expect(record.answers.contains(answer(41, "Último", 1, "z", right: true)), "asked just before the read")
    }

    @Test func thePlayersChangesAreWrittenOnTheQueueInOrder() async throws {
        let results = RoundResultsStore(store: try Store(path: path))
        func player(_ id: Int, _ name: String) -> ClassroomPlayer {
            ClassroomPlayer(id: id, name: name, token: "token-\(id)", rejoinCode: "CODE\(id)")
        }
        var bea = player(2, "Bea")
        results.keep(.save(player(1, "Ana"), address: "10.0.0.2", at: start))
        results.keep(.save(bea, address: "10.0.0.3", at: start))
        bea.released = true
        results.keep(.save(bea, address: "10.0.0.3", at: start))
        results.keep(.remove(playerID: 1))
        results.keep(.save(player(3, "Carla"), address: "10.0.0.4", at: start))
        let kept = try await results.read { _ in try results.room.players(now: start) }
        #expect(kept.map(\.player.name) == ["Bea", "Carla"], "Ana removed after she was saved: \(kept)")
        #expect(kept.first?.player.released == true, "the latest save wins")
        #expect(!results.hasUnwritten && results.problem == nil)
    }

    @Test func aStoreThatCannotWriteSaysSoOnceKeepsTheRecordsAndRefusesANewRound() async throws {
        // A database at schema 6 has no results tables: every write fails.
        let old = try Store(path: path, migrations: StoreSchema.migrations.filter { $0.version <= 6 })
        let said = Mutex<[String]>([])
        let changes = Mutex<[String?]>([])
        let results = RoundResultsStore(store: old, report: { message in said.withLock { $0.append(message) } }) { results in
            changes.withLock { $0.append(results.hostProblem) }
        }
        #expect(throws: ModelError.self, "a round that would record nothing is not played") {
            try results.roundStarted(RoundStart(
                game: .quizzes, setID: nil, questions: ["q"].typed, seconds: nil, speedPoints: false, startedAt: start))
        }
        #expect(results.problem == nil, "a refused start leaves nothing waiting")
        results.keep(.save(ClassroomPlayer(id: 1, name: "Ana", token: "t"), address: "10.0.0.2", at: start))
        results.answered(answer(1, "Ana", 1, "x", right: false), inRound: 3)
        results.roundEnded(3, at: start, players: [])
        _ = try await results.read { _ in 0 }
        let messages = said.withLock { $0 }
        #expect(messages.count == 1, "said once while it fails: \(messages)")
        #expect(messages.first?.contains("No se pueden guardar los resultados") == true)
        #expect(messages.first?.contains(path) == true, "the terminal names the database")
        #expect(results.problem != nil && results.hasUnwritten, "the player, the answer and the end are kept, to be written later")
        let told = changes.withLock { $0 }
        #expect(told.count == 1, "the host's page is told once: \(told)")
        let hostProblem = try #require(told.first ?? nil)
        #expect(hostProblem.hasPrefix("No se pueden guardar los resultados") && !hostProblem.contains(path), "\(hostProblem)")

        // A join alone, on a disk that fails, is kept and said the same way.
        let joined = RoundResultsStore(store: old, report: { _ in })
        joined.keep(.save(ClassroomPlayer(id: 2, name: "Bea", token: "u"), address: "10.0.0.3", at: start))
        _ = try await joined.read { _ in 0 }
        #expect(joined.hasUnwritten && joined.hostProblem != nil, "the player waits in memory and the host is told")
    }

    /// What a round in play needs to go on goes on the queue after the answers reported before
    /// it, a newer checkpoint replacing one still waiting; a database that refuses it (here, one
    /// of schema 11, without its table) keeps it in memory and writes it once it can.
    @Test func theRoundsCheckpointIsWrittenOnTheQueueAndWaitsForADiskThatRefusesIt() async throws {
        let old = try Store(path: path, migrations: Array(StoreSchema.migrations.prefix(11)))
        let results = RoundResultsStore(store: old, report: { _ in })
        let id = try results.roundStarted(RoundStart(
            game: .quizzes, setID: nil, questions: ["q"].typed, seconds: nil, speedPoints: false, startedAt: start))
        let quiz = SetQuiz(question: "q", answer: .truefalse(true))
        func checkpoint(current: Int) -> RoundCheckpoint {
            RoundCheckpoint(
                room: id, game: .quizzes, set: nil, questions: [RoundQuestion(number: 1, quiz: quiz), RoundQuestion(number: 2, quiz: quiz)],
                current: current, closed: [], selfPaced: false, locked: false, timing: nil, extraTime: [:], roomOpened: [:], savedAt: start)
        }
        let asked = PlayerCheckpoint(opened: [:], missed: [], asked: [1], savedAt: start)
        results.roundChanged(id, checkpoint: checkpoint(current: 1), progress: [1: asked])
        results.answered(answer(1, "Ana", 1, "Verdadero", right: true), inRound: id)
        _ = try await results.read { _ in 0 }
        #expect(results.hasUnwritten && results.problem != nil, "the checkpoint and the answer (its picks have no column yet) wait in memory")
        results.roundChanged(id, checkpoint: checkpoint(current: 2), progress: [2: asked])

        // The database gains the tables (an Adivina of schema 12 opens it): the next try writes it.
        _ = try Store(path: path)
        let bound = ContinuousClock.now + .seconds(60)
        while results.hasUnwritten, ContinuousClock.now < bound {
            _ = try await results.read { _ in 0 }
            try await Task.sleep(for: .milliseconds(50))
        }
        let kept = try #require(try await results.read { try $0.resumable(now: start) }, "written once it could be")
        #expect(kept.checkpoint == checkpoint(current: 2), "the newer checkpoint")
        #expect(Set(kept.progress.keys) == [1, 2] && kept.answers.count == 1, "both players' progress, the answer")
        #expect(results.problem == nil)
    }

    @Test func eachQuestionKeepsItsKindOptionsAndRightAnswersAsAsked() async throws {
        let asked = [
            RecordedQuestion(text: "¿Capital?", kind: .choice, options: ["París", "Lyon", "Niza"], rightAnswers: ["París"]),
            RecordedQuestion(text: "¿Estrella?", kind: .truefalse, options: ["Verdadero", "Falso"], rightAnswers: ["Verdadero"]),
            RecordedQuestion(text: "¿Color?", kind: .poll, options: ["Rojo", "Azul"]),
        ]
        let id = try RoundResultsStore(store: try Store(path: path)).roundStarted(RoundStart(
            game: .quizzes, setID: 3, questions: asked, seconds: nil, speedPoints: false, startedAt: start))
        #expect(try await RoundResultsStore(store: try Store(path: path)).record(id).questions == asked)
    }

    @Test func roundsKeptBeforeSchema9KnowTheKindWhenTheirSourceTellsIt() async throws {
        let old = try Store(path: path, migrations: StoreSchema.migrations.filter { $0.version <= 8 })
        try old.write { connection throws(StoreError) in
            try connection.execute(
                """
                INSERT INTO classroom_rounds (id, game, set_id, started_at) VALUES (1, 'trivia', NULL, 0), (2, 'quizzes', NULL, 0),
                    (3, 'quizzes', 7, 0);
                INSERT INTO classroom_round_questions (round_id, number, text) VALUES (1, 1, 't'), (2, 1, 'q'), (3, 1, 's')
                """)
        }
        let results = RoundResultsStore(store: try Store(path: path))
        #expect(try await results.record(1).questions == [RecordedQuestion(text: "t", kind: .choice)])
        #expect(try await results.record(2).questions == [RecordedQuestion(text: "q", kind: .text)])
        #expect(try await results.record(3).questions == [RecordedQuestion(text: "s", kind: nil)], "a set's: unknown")
    }
}
