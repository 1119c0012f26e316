import Foundation
import ModelsTesting
import Testing

@testable import Models

/// Timed rounds on a test clock: the speed-point rule, questions that close when time is up or
/// when everybody answered, late answers refused, extra time, the chart, self-paced timers.
@Suite("ClassroomRound: the timer, speed points, extra time and the chart", .timeLimit(.minutes(1)))
@MainActor
struct RoundTimerTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    private let clock = TestClock()
    private var trivia: [Int: TriviaGame] = [:]
    private let set = QuizSet(id: 4, title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"]),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma"),
    ])

    init() throws {
        round = try RoundFixture.round(transport)
        round.closesOnTime = false
        let clock = self.clock
        round.now = { clock.now }
        transport.answer("/questions", with: TriviaReplies.list(1...3))
    }

    private func join(_ names: String...) throws -> [ClassroomPlayer] {
        try names.map { name in
            let seat = try RoundFixture.seat(transport, triviaSeed: 3)
            return try round.join(name: name) { _ in seat }
        }
    }

    private func startSet(seconds: Int, speedPoints: Bool) async throws {
        try round.pick(.quizzes, set: set, timing: try RoundTiming(seconds: seconds, speedPoints: speedPoints), hostKey: key)
        try await round.start(hostKey: key)
    }

    @Test func speedPointsFollowKahootsRule() throws {
        let timing = try RoundTiming(seconds: 20, speedPoints: true)
        #expect(timing.points(right: true, elapsed: 0, allowed: 20) == 1000)
        #expect(timing.points(right: true, elapsed: 10, allowed: 20) == 750)
        #expect(timing.points(right: true, elapsed: 20, allowed: 20) == 500)
        #expect(timing.points(right: true, elapsed: 3, allowed: 20) == 925)
        #expect(timing.points(right: true, elapsed: 20, allowed: 40) == 750, "extra time: on their own longer timer")
        #expect(timing.points(right: false, elapsed: 1, allowed: 20) == 0)
        #expect(try RoundTiming(seconds: 20, speedPoints: false).points(right: true, elapsed: 19, allowed: 20) == 1)
        #expect(throws: ModelError.invalid("El tiempo por pregunta debe ser de 5 a 300 segundos.")) { try RoundTiming(seconds: 4, speedPoints: false) }
        #expect(throws: ModelError.invalid("El tiempo por pregunta debe ser de 5 a 300 segundos.")) { try RoundTiming(seconds: 301, speedPoints: true) }
    }

    @Test func theRoomShowsTheCountdownThenTheChartWhenTimeIsUp() async throws {
        let players = try join("Ana", "Bea", "Carla")
        try await startSet(seconds: 20, speedPoints: true)
        let deadline = try #require(round.room.snapshot.value.deadline)
        #expect(deadline.question == 1 && deadline.endsAt - deadline.openedAt == 20_000)
        #expect(round.room.snapshot.value.chart == nil, "never an answer before the question closes")
        clock.advance(by: 5)
        _ = try await round.checkQuiz(playerID: players[0].id, quizID: 1, answer: " paris ")
        #expect(round.room.player(id: players[0].id)?.score == 875)
        clock.advance(by: 5)
        _ = try await round.checkQuiz(playerID: players[1].id, quizID: 1, answer: "Lyon")
        round.tick()
        #expect(round.room.snapshot.value.chart == nil, "Carla still has time")
        clock.advance(by: 10.5)
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.checkQuiz(playerID: players[2].id, quizID: 1, answer: "París")
        }
        round.tick()
        let chart = try #require(round.room.snapshot.value.chart)
        #expect(chart == QuestionChart(question: 1, given: [("paris", true), ("Lyon", false)], players: 3, correctAnswer: "París"))
        #expect(chart.right == 1 && chart.wrong == 1 && chart.unanswered == 1)
        #expect(round.room.snapshot.value.deadline == nil)
        try round.next(hostKey: key)
        #expect(round.room.snapshot.value.deadline?.question == 2)
    }

    @Test func aQuestionClosesAtOnceWhenEverybodyAnswered() async throws {
        let players = try join("Ana", "Bea")
        try await startSet(seconds: 60, speedPoints: false)
        for player in players { _ = try await round.checkQuiz(playerID: player.id, quizID: 1, answer: "Roma") }
        let chart = try #require(round.room.snapshot.value.chart)
        #expect(chart.answers == [QuestionChart.Answer(text: "Roma", count: 2, right: false)] && chart.wrong == 2)
        #expect(chart.correctAnswer == "París", "the set knows its answer")
        #expect(round.room.player(id: players[0].id)?.score == 0)
    }

    @Test func extraTimeKeepsTheQuestionOpenForThatPlayerAndScoresOnTheirTimer() async throws {
        let players = try join("Ana", "Bea")
        let (ana, bea) = (players[0], players[1])
        #expect(throws: ModelError.invalid("El tiempo extra debe ser ×1, ×1,5 o ×2.")) {
            try round.setTimeFactor(3, playerID: bea.id, hostKey: key)
        }
        try round.setTimeFactor(2, playerID: bea.id, hostKey: key)
        try await startSet(seconds: 10, speedPoints: true)
        clock.advance(by: 15)
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.checkQuiz(playerID: ana.id, quizID: 1, answer: "París")
        }
        round.tick()
        #expect(round.room.snapshot.value.chart == nil, "Bea has 20 s")
        _ = try await round.checkQuiz(playerID: bea.id, quizID: 1, answer: "París")
        #expect(round.room.player(id: bea.id)?.score == 625, "15 s of her 20: 1000 × (1 − 0.75 / 2)")
        clock.advance(by: 6)
        round.tick()
        #expect(round.room.snapshot.value.chart?.question == 1)
    }

    @Test func aTimedTriviaQuestionRevealsItsAnswerWhenItCloses() async throws {
        let players = try join("Ana", "Bea")
        try round.pick(.trivia, set: nil, timing: try RoundTiming(seconds: 10, speedPoints: false), hostKey: key)
        try await round.start(hostKey: key)
        let report = try round.answerTrivia(playerID: players[0].id, index: 0)
        #expect(report.correctIndex == nil)
        clock.advance(by: 10.1)
        round.tick()
        #expect(round.room.snapshot.value.chart?.question == 1)
        let question = try #require(round.seats[players[0].id]?.trivia.questions.first)
        let seen = try #require(round.seats[players[0].id]?.trivia.snapshot.value)
        #expect(seen.waiting && seen.lastAnswer?.correctIndex == question.correct, "closed: the answer shows, still on question 1")
    }

    @Test func selfPacedEachPlayersTimerRunsFromWhenTheyOpenTheQuestion() async throws {
        let ana = try #require(try join("Ana").first)
        try round.room.setSelfPaced(true, hostKey: key)
        try await startSet(seconds: 10, speedPoints: true)
        #expect(round.room.snapshot.value.deadline == nil, "no room countdown when each goes at their pace")
        await #expect(throws: ModelError.conflict("Abre primero la pregunta para que empiece tu tiempo.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 2, answer: "Roma")
        }
        clock.advance(by: 30)
        let end = try #require(try round.openQuestion(playerID: ana.id, number: 2))
        #expect(end == clock.now.addingTimeInterval(10))
        clock.advance(by: 4)
        try round.openQuestion(playerID: ana.id, number: 2)  // reopening gives no more time
        _ = try await round.checkQuiz(playerID: ana.id, quizID: 2, answer: "Roma")
        #expect(round.room.player(id: ana.id)?.score == 800)
        clock.advance(by: 11)
        try round.openQuestion(playerID: ana.id, number: 1)
        clock.advance(by: 10.5)
        await #expect(throws: ModelError.conflict(ClassroomRound.timeIsUp)) {
            try await round.checkQuiz(playerID: ana.id, quizID: 1, answer: "París")
        }
    }

    @Test func selfPacedTriviaMovesAPlayerOnWhenTheirTimeIsUpWithoutTheAnswer() async throws {
        let ana = try #require(try join("Ana").first)
        try round.room.setSelfPaced(true, hostKey: key)
        try round.pick(.trivia, set: nil, timing: try RoundTiming(seconds: 5, speedPoints: false), hostKey: key)
        try await round.start(hostKey: key)
        let game = try #require(round.seats[ana.id]?.trivia)
        clock.advance(by: 5.5)
        round.tick()
        #expect(game.snapshot.value.number == 2 && game.snapshot.value.lastAnswer == nil)
        clock.advance(by: 2)
        let report = try round.answerTrivia(playerID: ana.id, index: 0)
        #expect(report.number == 2 && report.correctIndex == nil, "self-paced: the answer shows at the end")
    }

    @Test func anAnswersReplyCarriesItsPointsAndSelfPacedTriviaTheNextDeadline() async throws {
        let ana = try #require(try join("Ana").first)
        try await startSet(seconds: 10, speedPoints: true)
        clock.advance(by: 5)
        let checked = try await round.checkQuiz(playerID: ana.id, quizID: 1, answer: "Paris")
        #expect(checked.result && checked.points == 750, "5 s of 10: 1000 × (1 − 0.5 / 2)")
        #expect(round.room.player(id: ana.id)?.points[1] == checked.points)
        let json = String(decoding: try JSONEncoder().encode(QuizCheckResult(quizId: 1, answer: "a", result: true)), as: UTF8.self)
        #expect(!json.contains("points"), "outside a class the quiz server's shape: \(json)")

        _ = try round.end(savingTo: nil, hostKey: key)
        try round.room.setSelfPaced(true, hostKey: key)
        try round.pick(.trivia, set: nil, timing: try RoundTiming(seconds: 5, speedPoints: false), hostKey: key)
        try await round.start(hostKey: key)
        clock.advance(by: 2)
        let report = try round.answerTrivia(playerID: ana.id, index: 0)
        #expect(report.points == (report.right ? 1 : 0))
        #expect(report.nextDeadline == QuestionDeadline.milliseconds(clock.now.addingTimeInterval(5)), "question 2 opened now")
    }
}
