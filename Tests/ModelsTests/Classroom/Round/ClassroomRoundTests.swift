import Foundation
import ModelsTesting
import TestSupport
import Synchronization
import Testing

@testable import Models

/// The round with no server: its sources (the quiz server and the trivia service answer from a
/// `RoutedTransport`; a host's set of every kind), each player's one view of it, judging and
/// scoring by kind, the projector's question and chart, the end, rejoining.
@Suite("ClassroomRound: sources, each player's view, judging by kind, the end, rejoining", .timeLimit(.minutes(5)))
@MainActor
struct ClassroomRoundTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    private let clock = TestClock()
    private let kinds = QuizSet(id: 3, title: "Tipos", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"], feedback: "Desde el siglo X."),
        SetQuiz.choice("¿Primos?", options: [
            SetQuizOption(text: "2", right: true), SetQuizOption(text: "4", right: false), SetQuizOption(text: "7", right: true),
        ], image: "https://ejemplo.es/primos.png"),
        SetQuiz.trueOrFalse("¿El Sol es una estrella?", true),
        SetQuiz.number("¿π con dos decimales?", value: 3.14, tolerance: 0.005),
        SetQuiz.poll("¿Té o café?", options: ["Té", "Café"]),
    ])

    init() throws {
        let clock = self.clock
        round = try RoundFixture.round(transport, clock: ClassroomRound.Clock(now: { clock.now }, closesOnTime: false))
        transport.answer("/api/quizzes/random10", with: QuizReplies.list(Array(11...20)))
        transport.answer("/questions", with: TriviaReplies.list(1...10))
    }

    private func join(_ names: String...) throws -> [ClassroomPlayer] {
        try names.map { try round.join(name: $0) }
    }

    private func view(_ player: ClassroomPlayer) throws -> RoundView {
        try #require(round.view(of: player.id)).view.value
    }

    private func startKinds(timing: RoundTiming? = nil) async throws {
        try round.pick(.quizzes, set: kinds, timing: timing, hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: round.clock.getReady)
    }

    /// Every player's view shows their place and how many are in the room, so a join changes
    /// them all: a burst of joins moves them once (`ClassroomRound.moveRanks`), not once a join
    /// (1,000 joins would recompute and send 1,000 views each). A lone join shows at once, and
    /// the burst's last count arrives when the pause ends.
    @Test func aBurstOfJoinsMovesTheOtherViewsOnceNotOnceAJoin() async throws {
        let ana = try #require(try join("Ana").first)
        let anaView = try #require(round.view(of: ana.id)).view
        #expect(anaView.value.players == 1 && anaView.value.rank == 1)
        let changes = Mutex<[RoundView]>([])
        let watch = anaView.subscribeToChanges { view in changes.withLock { $0.append(view) } }
        defer { watch.cancel() }
        let bea = try #require(try join("Bea").first)
        for number in 1...49 { _ = try round.join(name: "Jugador \(number)") }
        #expect(changes.withLock { $0.isEmpty }, "the burst waits for the pause the first join began")
        #expect(try view(bea).name == "Bea" && !(try view(bea).rejoinCode.isEmpty), "a joiner knows who they are at once")
        #expect(await eventually { anaView.value.players == 51 }, "the burst's count once the pause ends")
        #expect(changes.withLock { $0.map(\.players) } == [51], "one move for the whole burst")
    }

    @Test func aPlayerWhoJoinsOnceTheQuestionClosedWaitsForTheNextOneWithoutAVerdict() async throws {
        let ana = try #require(try join("Ana").first)
        try await startKinds()
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        #expect(try view(ana).phase == "closed")
        let dani = try round.join(name: "Dani")
        let late = try view(dani)
        #expect(late.phase == "waiting" && late.verdict == nil && late.text == nil, "never asked question 1: no «Sin respuesta»")
        try round.next(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try view(dani).phase == "question" && view(dani).question == 2)
        try round.next(hostKey: key)  // shows question 2's answer
        #expect(try view(dani).phase == "closed" && view(dani).verdict?.right == false, "asked question 2, no answer: a verdict")
        #expect(try view(dani).asked == 1)
    }

    @Test func aSetOfEveryKindIsPlayedAndJudgedByKind() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        #expect(try view(ana).phase == "lobby" && view(ana).rejoinCode.count == 5)
        try await startKinds()
        #expect(try view(ana).phase == "question" && view(ana).text == "¿Capital de Francia?" && view(ana).kind == .text)
        #expect(try await round.answer(playerID: ana.id, question: 1, given: .text(" paris ")) == .init(result: true, points: 1, held: true))
        #expect(try await round.answer(playerID: bea.id, question: 1, given: .text("Lyon")) == .init(result: false, points: 0, held: true))
        #expect(try view(ana).phase == "closed", "everybody answered: it closes")
        let verdict = try #require(try view(bea).verdict)
        #expect(verdict.right == false && verdict.rightAnswer == "París" && verdict.feedback == "Desde el siglo X.")

        try round.next(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try view(ana).options == ["2", "4", "7"] && view(ana).image == "https://ejemplo.es/primos.png")
        #expect(try await round.answer(playerID: ana.id, question: 2, given: .choices([2, 0])).result == true)
        #expect(try await round.answer(playerID: bea.id, question: 2, given: .choices([0])).result == false, "all or nothing")
        let chart = try #require(round.room.chart)
        #expect(chart.options.map(\.count) == [2, 0, 1] && chart.options.map(\.right) == [true, false, true])
        #expect(try view(bea).verdict?.rightOptions == [0, 2])

        try round.next(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try view(ana).options == ["Verdadero", "Falso"])
        #expect(try await round.answer(playerID: ana.id, question: 3, given: .truth(true)).result == true)
        try round.next(hostKey: key)  // shows question 3's answer (Bea did not answer)
        try round.next(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try await round.answer(playerID: ana.id, question: 4, given: .text("3,141")).result == true, "a decimal comma")
        await #expect(throws: ModelError.invalid("La respuesta a esta pregunta es un número.")) {
            try await round.answer(playerID: bea.id, question: 4, given: .truth(true))
        }
        try round.next(hostKey: key)
        try round.next(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try await round.answer(playerID: ana.id, question: 5, given: .number(1)) == .init(result: nil, points: 0, held: true), "a poll")
        #expect(try await round.answer(playerID: bea.id, question: 5, given: .option(1)).result == nil)
        #expect(round.room.chart?.options.map(\.count) == [0, 2])
        #expect(try view(ana).verdict?.right == nil && view(ana).verdict?.rightAnswer == nil)

        try round.end(savingTo: nil, hostKey: key)
        let end = try view(ana)
        #expect(end.phase == "finished" && end.rightCount == 4 && end.score == 4 && end.rank == 1 && end.players == 2)
        #expect(try view(bea).rightCount == 0 && view(bea).rank == 2)
    }

    @Test func theQuizServerJudgesItsQuestionsAndTriviaIsFourChoices() async throws {
        let ana = try #require(try join("Ana").first)
        try round.pick(.quizzes, set: nil, hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(transport.count("/api/quizzes/random10") == 1 && round.room.questionCount == 10)
        transport.answer("/api/quizzes/11/check", with: QuizReplies.check(11, "Roma", right: true))
        #expect(try await round.answer(playerID: ana.id, question: 1, given: .text("Roma")).result == true)
        #expect(try view(ana).verdict?.rightAnswer == "Roma", "the first right answer given")
        try round.end(savingTo: nil, hostKey: key)

        try round.pick(.trivia, set: nil, hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: round.clock.getReady)
        #expect(try view(ana).kind == .choice && view(ana).options.count == 4 && view(ana).text == "Pregunta 1")
        let right = try #require(try view(ana).options.firstIndex(of: "R1"))
        #expect(try await round.answer(playerID: ana.id, question: 1, given: .choices([right])).result == true)
    }

    @Test func theProjectorShowsTheQuestionWithoutTheRightOneUntilItCloses() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first)
        try round.pick(.quizzes, set: kinds, hostKey: key)
        try await round.start(hostKey: key)
        try round.next(hostKey: key)
        try round.next(hostKey: key)
        let state = round.room.snapshot.value
        let open = try #require(state.open)
        #expect(open.number == 2 && open.text == "¿Primos?" && open.options == ["2", "4", "7"] && open.kind == .choice)
        #expect(open.startsAt == QuestionDeadline.milliseconds(clock.now.addingTimeInterval(3)), "after the 3-2-1")
        let json = String(decoding: round.room.snapshotJSON.value, as: UTF8.self)
        #expect(!json.contains("\"right\":true"), "nothing right before it closes")
        #expect(state.chart == nil || state.chart?.question == 1)
        await #expect(throws: ModelError.conflict("Espera a que termine la cuenta atrás.")) {
            try await round.answer(playerID: ana.id, question: 2, given: .choices([0]))
        }
        clock.advance(by: 3)
        _ = try await round.answer(playerID: ana.id, question: 2, given: .choices([0]))
        try round.next(hostKey: key)
        #expect(round.room.chart?.question == 2 && round.room.chart?.options.first?.right == true)
    }

    @Test func aPlayerTakesTheirNameAndPointsBackWithTheirCodeOrAReleasedName() async throws {
        let ana = try #require(try join("Ana").first)
        try await startKinds()
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        let code = try view(ana).rejoinCode
        #expect(throws: ModelError.forbidden("El nombre y el código no coinciden con nadie de la clase.")) {
            try round.rejoin(name: "Ana", code: "ZZZZZ")
        }
        let back = try round.rejoin(name: "ana", code: code.lowercased())
        #expect(back.id == ana.id && back.token != ana.token && back.score == 1)
        #expect(round.room.player(token: ana.token) == nil, "the old cookie stops working")
        #expect(throws: ModelError.self) { try round.join(name: "Ana") }
        try round.release(playerID: ana.id, hostKey: key)
        let again = try round.join(name: "ANA")
        #expect(again.id == ana.id && again.score == 1 && round.room.players.count == 1)
    }

    @Test func awayPlayersAreNotWaitedFor() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await startKinds()
        round.setAway([bea.id])
        #expect(round.room.snapshot.value.awayCount == 1 && round.room.snapshot.value.players.contains { $0.id == bea.id && $0.away })
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        #expect(try view(ana).phase == "closed", "the away player is not waited for")
    }

    @Test func theChosenSetIsInTheRoomsStateAndTheEndClosesEveryQuestion() async throws {
        try round.pick(.quizzes, set: kinds, hostKey: key)
        #expect(round.room.snapshot.value.set == ChosenSet(kinds))
        let ana = try #require(try join("Ana").first)
        try await startKinds()
        try round.end(savingTo: nil, hostKey: key)
        await #expect(throws: ModelError.self) { try await round.answer(playerID: ana.id, question: 2, given: .choices([0])) }
        #expect(round.room.closedQuestions == Set(1...5))
    }
}
