import Foundation
import ModelsTesting
import Testing

@testable import Models

/// The round's rules on a test clock, without a server: a closed question never reopens; in a
/// self-paced timed round a question reaches a player only once they open it; one answer per
/// question, none before it opens or after it closes; nothing right before it closes; extra
/// time; speed points on the player's own time; the timer.
@Suite("ClassroomRound: the rules of who may see and answer what, and when", .timeLimit(.minutes(5)))
@MainActor
struct RoundRulesTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    private let clock = TestClock()
    private let set = QuizSet(id: 4, title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"]),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma", image: "https://ejemplo.es/roma.jpg"),
        SetQuiz.choice("¿Capital de Portugal?", options: [SetQuizOption(text: "Lisboa", right: true), SetQuizOption(text: "Oporto", right: false)]),
    ])

    init() throws {
        let clock = self.clock
        round = try RoundFixture.round(transport, clock: ClassroomRound.Clock(now: { clock.now }, closesOnTime: false))
    }

    private func join(_ names: String...) throws -> [ClassroomPlayer] {
        try names.map { try round.join(name: $0) }
    }

    private func view(_ player: ClassroomPlayer) throws -> RoundView {
        try #require(round.view(of: player.id)).view.value
    }

    private func viewJSON(_ player: ClassroomPlayer) throws -> String {
        String(decoding: try #require(round.view(of: player.id)).json.value, as: UTF8.self)
    }

    private func start(seconds: Int? = nil, speedPoints: Bool = false, selfPaced: Bool = false) async throws {
        try round.pick(.quizzes, set: set, timing: try seconds.map { try RoundTiming(seconds: $0, speedPoints: speedPoints) }, hostKey: key)
        try round.setSelfPaced(selfPaced, hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: round.clock.getReady)
    }

    // MARK: A closed question never reopens

    @Test func aClosedQuestionNeverReopensNotByAPaceChangeNorByAnyRoute() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await start(seconds: 20)
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        try round.next(hostKey: key)
        #expect(round.room.closedQuestions.contains(1), "moving on closes question 1 with its public right answer")

        try round.setSelfPaced(true, hostKey: key)
        #expect(try view(bea).question == 2, "self-paced, Bea's next question is 2, not the closed 1")
        #expect(throws: ModelError.conflict("La pregunta 1 ya está cerrada.")) { try round.open(playerID: bea.id, question: 1) }
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.answer(playerID: bea.id, question: 1, given: .text("París"))
        }
        try round.setSelfPaced(false, hostKey: key)
        #expect(round.room.closedQuestions.contains(1))
        await #expect(throws: ModelError.self) { try await round.answer(playerID: bea.id, question: 1, given: .text("París")) }
        #expect(round.room.player(id: bea.id)?.score == 0)
    }

    @Test func aQuestionClosedByTheTimerStaysClosedWhenThePaceChanges() async throws {
        let bea = try #require(try join("Ana", "Bea").last)
        try await start(seconds: 10)
        clock.advance(by: 11)
        round.tick()
        #expect(round.room.closedQuestions == [1])
        try round.setSelfPaced(true, hostKey: key)
        #expect(try view(bea).question == 2 && view(bea).phase == "unopened")
        #expect(throws: ModelError.self) { try round.open(playerID: bea.id, question: 1) }
    }

    // MARK: Self-paced, timed: nothing before opening

    @Test func selfPacedTimedAQuestionReachesAPlayerOnlyOnceTheyOpenIt() async throws {
        let ana = try #require(try join("Ana").first)
        try await start(seconds: 20, selfPaced: true)
        let before = try view(ana)
        #expect(before.phase == "unopened" && before.question == 1 && before.text == nil && before.options.isEmpty && before.image == nil)
        #expect(try !viewJSON(ana).contains("Francia"), "no question's text in the player's view")
        #expect(!String(decoding: round.room.snapshotJSON.value, as: UTF8.self).contains("Francia"), "nor in the room's")
        await #expect(throws: ModelError.conflict("Abre primero la pregunta para que empiece tu tiempo.")) {
            try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        }
        #expect(throws: ModelError.conflict("Ve en orden: tu pregunta es la 1.")) { try round.open(playerID: ana.id, question: 2) }

        let opened = try round.open(playerID: ana.id, question: 1)
        #expect(opened.question.text == "¿Capital de Francia?" && opened.deadline == QuestionDeadline.milliseconds(clock.now.addingTimeInterval(20)), "no 3-2-1 when they open it")
        #expect(try view(ana).text == "¿Capital de Francia?")
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        let next = try view(ana)
        #expect(next.question == 2 && next.phase == "unopened" && next.text == nil && next.image == nil)
        #expect(try !viewJSON(ana).contains("Italia") && !viewJSON(ana).contains("roma.jpg"))
        _ = try round.open(playerID: ana.id, question: 2)
        #expect(try view(ana).image == "https://ejemplo.es/roma.jpg")
    }

    @Test func selfPacedAQuestionWhoseTimeRanOutIsOverForThePlayer() async throws {
        let ana = try #require(try join("Ana").first)
        try await start(seconds: 10, selfPaced: true)
        _ = try round.open(playerID: ana.id, question: 1)
        let reopened = try round.open(playerID: ana.id, question: 1)
        clock.advance(by: 11)
        round.tick()
        #expect(try view(ana).question == 2, "question 1 is over for Ana")
        #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) { try round.open(playerID: ana.id, question: 1) }
        #expect(reopened.deadline == QuestionDeadline.milliseconds(clock.now.addingTimeInterval(-1)), "opening again gave no more time")
    }

    // MARK: Round after round

    @Test func anAnswerNamesItsRoundAndOneMeantForAnotherRoundIsRefused() async throws {
        let ana = try #require(try join("Ana").first)
        try await start()
        #expect(try view(ana).round == 1 && round.room.snapshot.value.round == 1)
        try round.end(savingTo: nil, hostKey: key)
        try await start()
        #expect(try view(ana).round == 2 && view(ana).question == 1 && !view(ana).answered, "a new round starts clean")
        await #expect(throws: ModelError.conflict(ClassroomRound.otherRound)) {
            try await round.answer(playerID: ana.id, round: 1, question: 1, given: .text("París"))
        }
        #expect(throws: ModelError.conflict(ClassroomRound.otherRound)) { try round.open(playerID: ana.id, round: 1, question: 1) }
        #expect(round.room.player(id: ana.id)?.answered.isEmpty == true)
        #expect(try await round.answer(playerID: ana.id, round: 2, question: 1, given: .text("París")).result == true)
    }

    @Test func aSingleAnswerChoiceIsOneOptionAndAnyRightOneIsRight() throws {
        let options = [SetQuizOption(text: "2", right: true), SetQuizOption(text: "4", right: false), SetQuizOption(text: "7", right: true)]
        let single = SetQuiz.choice("¿Un primo?", options: options, multiple: false)
        #expect(try single.judge(.choices([0])) == true && single.judge(.choices([2])) == true && single.judge(.choices([1])) == false)
        #expect(throws: QuestionSetError.invalid("Elige una sola opción.")) { try single.judge(.choices([0, 2])) }
        let multiple = SetQuiz.choice("¿Los primos?", options: options, multiple: true)
        #expect(try multiple.judge(.choices([0, 2])) == true && multiple.judge(.choices([0])) == false)
        #expect(RoundQuestion(number: 1, quiz: single).shown.multiple == false && RoundQuestion(number: 1, quiz: multiple).shown.multiple)
    }

    @Test func eachPlayerReadsTheFeedbackOfTheirOwnOptionAndEverybodyTheGeneralOne() async throws {
        let players = try join("Ana", "Bea", "Carla")
        let ana = try #require(players.first), bea = try #require(players.dropFirst().first), carla = try #require(players.last)
        let options = [SetQuizOption(text: "No heredan", right: true, feedback: "¡Eso es!"),
                       SetQuizOption(text: "Heredan", right: false, feedback: "No: los struct no heredan.")]
        var quiz = SetQuiz.choice("¿Heredan los struct?", options: options, multiple: false)
        quiz.feedback = "Solo las clases heredan."
        try round.pick(.quizzes, set: QuizSet(id: 5, title: "Swift", quizzes: [quiz]), hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: round.clock.getReady)
        _ = try await round.answer(playerID: ana.id, question: 1, given: .choices([0]))
        _ = try await round.answer(playerID: bea.id, question: 1, given: .choices([1]))
        #expect(try view(ana).verdict == nil, "nothing before the close")
        try round.next(hostKey: key)
        #expect(try view(ana).verdict?.answerFeedback == "¡Eso es!")
        #expect(try view(bea).verdict?.answerFeedback == "No: los struct no heredan.")
        #expect(try view(carla).verdict?.answerFeedback == nil, "no answer, no answer's feedback")
        #expect(try [ana, bea, carla].allSatisfy { try view($0).verdict?.feedback == "Solo las clases heredan." })
        #expect(try !viewJSON(carla).contains("¡Eso es!") && !viewJSON(ana).contains("No: los struct"), "nobody reads another's")
    }

    @Test func onlyPlayersWithPointsStandOnThePodiumAndEachCountsTheQuestionsTheyWereAsked() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await start()
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        _ = try await round.answer(playerID: bea.id, question: 1, given: .text("Lyon"))
        try round.next(hostKey: key)  // question 2
        clock.advance(by: round.clock.getReady)
        let carla = try round.join(name: "Carla")  // a late joiner, while question 2 is open
        _ = try await round.answer(playerID: carla.id, question: 2, given: .text("Roma"))
        try round.end(savingTo: nil, hostKey: key)  // Terminar part-way: question 3 never shown
        #expect(round.room.snapshot.value.podium.map(\.name) == ["Ana", "Carla"], "Bea has 0 points")
        #expect(round.room.snapshot.value.podium.map(\.position) == [1, 1], "ties share a place")
        #expect(try view(ana).asked == 2 && view(ana).rightCount == 1)
        #expect(try view(carla).asked == 1 && view(carla).rightCount == 1)
    }

    @Test func selfPacedTheNextScreenSaysHowTheLastQuestionWentWrongAnswerOrTimeUp() async throws {
        let ana = try #require(try join("Ana").first)
        try await start(seconds: 10, selfPaced: true)
        _ = try round.open(playerID: ana.id, question: 1)
        #expect(try await round.answer(playerID: ana.id, question: 1, given: .text("Lyon")).result == false)
        let afterWrong = try #require(try view(ana).previous)
        #expect(afterWrong.question == 1 && !afterWrong.timedOut && afterWrong.right == false && afterWrong.rightAnswer == "París")
        _ = try round.open(playerID: ana.id, question: 2)
        clock.advance(by: 11)
        round.tick()
        let afterTime = try #require(try view(ana).previous)
        #expect(afterTime.question == 2 && afterTime.timedOut && afterTime.right == nil, "not the question before's result")
        #expect(try view(ana).question == 3 && view(ana).phase == "unopened")
    }

    @Test func aQuestionWhoseTimeRanOutForAPlayerNeverReopensWhenTheHostTakesThePaceBack() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first)
        try await start(seconds: 10, selfPaced: true)
        _ = try round.open(playerID: ana.id, question: 1)
        clock.advance(by: 11)
        round.tick()
        #expect(try view(ana).previous?.timedOut == true)
        try round.setSelfPaced(false, hostKey: key)  // the room is still on question 1
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        }
        #expect(try view(ana).phase == "closed" && round.room.player(id: ana.id)?.score == 0)
    }

    @Test func theRoundsClockIsMonotonicFromOneReadingOfTheWallClock() {
        let start = ContinuousClock.now
        let clock = RoundClock(wall: Date(timeIntervalSince1970: 1_000), at: start)
        #expect(clock.now(at: start) == Date(timeIntervalSince1970: 1_000))
        #expect(clock.now(at: start.advanced(by: .milliseconds(5_500))) == Date(timeIntervalSince1970: 1_005.5))
        let shared = RoundClock.shared.now()
        #expect(RoundClock.shared.now() >= shared, "never backwards, whatever the wall clock does")
    }

    // MARK: The integrity rules

    @Test func oneAnswerPerQuestionNoneBeforeItOpensOrAfterItCloses() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await start()
        await #expect(throws: ModelError.conflict("Espera: todavía vamos por la pregunta 1.")) {
            try await round.answer(playerID: ana.id, question: 2, given: .text("Roma"))
        }
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("Lyon"))
        await #expect(throws: ModelError.conflict("Ya has respondido a esta pregunta.")) {
            try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        }
        #expect(try round.next(hostKey: key) == .init(shows: "answer", question: 1))
        await #expect(throws: ModelError.self) { try await round.answer(playerID: bea.id, question: 1, given: .text("París")) }
        #expect(try round.next(hostKey: key) == .init(shows: "question", question: 2))
        await #expect(throws: ModelError.invalid("La respuesta tiene más de 200 caracteres.")) {
            try await round.answer(playerID: bea.id, question: 2, given: .text(String(repeating: "a", count: 201)))
        }
        #expect(round.room.player(id: ana.id)?.score == 0 && round.room.player(id: bea.id)?.score == 0)
    }

    @Test func nothingRightIsShownBeforeTheQuestionCloses() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first)
        try await start()
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        #expect(try view(ana).verdict == nil && view(ana).answered && view(ana).given == "París")
        #expect(try !viewJSON(ana).contains("Paris"), "no alternative, no right answer in the view while open")
        #expect(round.room.chart == nil)
        // The host's one button shows the answer first (chart, verdicts), and only then moves on.
        #expect(try round.next(hostKey: key) == .init(shows: "answer", question: 1))
        #expect(round.room.chart?.correctAnswer == "París")
        #expect(try view(ana).phase == "closed" && view(ana).verdict?.right == true && view(ana).question == 1)
        #expect(round.room.snapshot.value.question == 1 && round.room.snapshot.value.open?.number == 1)
        #expect(try round.next(hostKey: key) == .init(shows: "question", question: 2))
        #expect(try view(ana).phase == "question" && view(ana).question == 2)
    }

    @Test func speedPointsCountOnThePlayersOwnTimeWithExtraTime() async throws {
        let players = try join("Ana", "Bea", "Carla")
        let ana = try #require(players.first), bea = try #require(players.dropFirst().first), carla = try #require(players.last)
        try round.setTimeFactor(2, playerID: bea.id, hostKey: key)
        try await start(seconds: 20, speedPoints: true)
        clock.advance(by: 10)
        #expect(try await round.answer(playerID: ana.id, question: 1, given: .text("París")).points == 750)
        #expect(try await round.answer(playerID: bea.id, question: 1, given: .text("París")).points == 875, "10 s of her 40")
        // Host-paced, nothing tells who was right before the close: not her view, not the room's state.
        #expect(try view(bea).score == 0 && view(bea).rightCount == 0 && view(bea).verdict == nil)
        #expect(round.room.snapshot.value.players.allSatisfy { $0.score == 0 && $0.rightCount == 0 })
        #expect(round.room.player(id: bea.id)?.answered == [1] && round.room.player(id: bea.id)?.points.isEmpty == true)
        clock.advance(by: 11)
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.answer(playerID: carla.id, question: 1, given: .text("París"))
        }
        round.tick()
        #expect(round.room.closedQuestions.contains(1), "only Carla was left, and her 20 s are up")
        // At the close, for everybody together.
        #expect(try view(bea).score == 875 && view(bea).rank == 1 && view(ana).rank == 2 && view(carla).rank == 3)
        #expect(round.room.player(id: bea.id)?.score == 875 && round.room.player(id: ana.id)?.rightCount == 1)
    }

    @Test func aTimedQuestionClosesWhenTheLastPlayersTimeIsUp() async throws {
        let players = try join("Ana", "Bea")
        let bea = try #require(players.last)
        try round.setTimeFactor(1.5, playerID: bea.id, hostKey: key)
        try await start(seconds: 20)
        clock.advance(by: 21)
        round.tick()
        #expect(!round.room.closedQuestions.contains(1), "Bea's extra time keeps it open")
        clock.advance(by: 10)
        round.tick()
        #expect(round.room.closedQuestions.contains(1) && round.room.chart?.unanswered == 2)
        #expect(throws: ModelError.invalid("El tiempo extra debe ser ×1, ×1,5 o ×2.")) {
            try round.setTimeFactor(3, playerID: bea.id, hostKey: key)
        }
    }
}
