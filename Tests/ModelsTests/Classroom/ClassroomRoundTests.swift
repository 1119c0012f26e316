import Foundation
import ModelsTesting
import Testing

@testable import Models

/// The round's rules with no server: the quiz server and the trivia service are a
/// `RoutedTransport`; each player's seat is their own quiz list and trivia game over it.
@Suite("ClassroomRound: the round's questions, who may answer what, scoring, the podium", .timeLimit(.minutes(1)))
@MainActor
struct ClassroomRoundTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    /// Each player's seat by id.
    private let seats = SeatBook()

    init() throws {
        round = try RoundFixture.round(transport)
        transport.answer("/api/quizzes/random10", with: QuizReplies.list(Array(11...20)))
        transport.answer("/questions", with: TriviaReplies.list(1...10))
    }

    /// Ana, Bea… joined, each with their own models.
    @discardableResult
    private func join(_ names: String...) throws -> [ClassroomPlayer] {
        try names.map { name in
            let seat = try RoundFixture.seat(transport, triviaSeed: 7)
            return try round.join(name: name) { player in
                seats.byID[player.id] = seat
                return seat
            }
        }
    }

    private func seat(_ player: ClassroomPlayer) throws -> ClassroomRound.Seat {
        try #require(seats.byID[player.id])
    }

    private func startQuizzes() async throws {
        try round.room.pick(.quizzes, hostKey: key)
        try await round.start(hostKey: key)
    }

    private func startTrivia() async throws {
        try round.room.pick(.trivia, hostKey: key)
        try await round.start(hostKey: key)
    }

    @Test func theRoundIsDownloadedOnceAndShownToEveryPlayerLateJoinersToo() async throws {
        let players = try join("Ana", "Bea")
        try round.room.setSelfPaced(true, hostKey: key)
        try await startQuizzes()
        #expect(transport.count("/api/quizzes/random10") == 1)
        #expect(round.roundQuizzes.map(\.id) == Array(11...20))
        for player in players { #expect(try seat(player).quizzes.quizzes.map(\.id) == Array(11...20)) }
        let late = try join("Carla")
        #expect(try seat(try #require(late.first)).quizzes.quizzes.map(\.id) == Array(11...20))
        #expect(round.room.phase == .playing && round.room.questionCount == 10)
    }

    @Test func hostPacedAPlayersListHoldsOnlyTheQuestionsTheRoomReached() async throws {
        let ana = try #require(try join("Ana").first)
        try await startQuizzes()
        #expect(try seat(ana).quizzes.quizzes.map(\.id) == [11])
        transport.answer("/api/quizzes/11/check", with: QuizReplies.check(11, "a", right: true))
        _ = try await round.checkQuiz(playerID: ana.id, quizID: 11, answer: "a")
        try round.next(hostKey: key)
        try round.next(hostKey: key)
        #expect(try seat(ana).quizzes.quizzes.map(\.id) == [11, 12, 13])
        #expect(try seat(ana).quizzes.score == 1, "reaching a question keeps the score")
        let late = try #require(try join("Bea").first)
        #expect(try seat(late).quizzes.quizzes.map(\.id) == [11, 12, 13])
        try round.setSelfPaced(true, hostKey: key)
        #expect(try seat(ana).quizzes.quizzes.map(\.id) == Array(11...20), "self-paced, every question opens")
    }

    @Test func theRightTriviaAnswerShowsOnlyWhenTheHostClosesTheQuestion() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await startTrivia()
        let question = try #require(try seat(bea).trivia.currentQuestion)
        let second = try round.answerTrivia(playerID: bea.id, index: (question.correct + 1) % 4)
        #expect(!second.right && second.correctIndex == nil, "a second account learns only that it was wrong")
        let held = try seat(bea).trivia.snapshot.value
        #expect(held.waiting && held.number == 1 && held.lastAnswer?.correctIndex == nil)
        #expect(held.question?.text == question.question, "the room is still on question 1: no question 2")
        #expect(throws: ModelError.conflict("Ya has respondido a esta pregunta.")) {
            try round.answerTrivia(playerID: bea.id, index: question.correct)
        }
        try round.next(hostKey: key)
        let closed = try seat(bea).trivia.snapshot.value
        #expect(!closed.waiting && closed.number == 2)
        #expect(closed.lastAnswer?.correctIndex == question.correct, "question 1 closed: its answer shows")
        #expect(try seat(ana).trivia.snapshot.value.lastAnswer == nil)
    }

    /// The live topic publishes from its own queue whenever it is notified: `next` and `end`
    /// must notify once, with the closed question's chart and the move on together, or the
    /// board could get "question 1, its chart, 1 of 2 answered" (seen with two event loops).
    @Test func theHostMovingOnIsOneChangeForTheRoomsObservers() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first)
        try await startTrivia()
        let question = try #require(try seat(ana).trivia.currentQuestion)
        _ = try round.answerTrivia(playerID: ana.id, index: question.correct)
        let seen = SeenValues<ClassroomSnapshot>()
        let subscription = round.room.snapshot.subscribe { seen.append($0) }
        defer { subscription.cancel() }
        let before = seen.count
        try round.next(hostKey: key)
        #expect(seen.all.dropFirst(before).map(\.question) == [2], "one change: \(seen.all.dropFirst(before).map(\.question))")
        let moved = seen.count
        try round.end(savingTo: nil, hostKey: key)
        #expect(seen.all.dropFirst(moved).map(\.phase) == [.finished], "one change: \(seen.all.dropFirst(moved).map(\.phase))")
        for snapshot in seen.all where snapshot.phase == .playing {
            #expect(snapshot.chart?.question != snapshot.question, "a current question with its chart: \(snapshot)")
        }
    }

    @Test func selfPacedTriviaAnswersShowWhenTheRoundEnds() async throws {
        let ana = try #require(try join("Ana").first)
        try round.room.setSelfPaced(true, hostKey: key)
        try await startTrivia()
        let first = try #require(try seat(ana).trivia.currentQuestion)
        #expect(try round.answerTrivia(playerID: ana.id, index: first.correct).correctIndex == nil)
        let moved = try seat(ana).trivia.snapshot.value
        #expect(moved.number == 2 && !moved.waiting && moved.lastAnswer?.correctIndex == nil)
        try round.end(savingTo: nil, hostKey: key)
        let ended = try seat(ana).trivia.snapshot.value
        #expect(ended.phase == .finished && ended.lastAnswer?.correctIndex == first.correct)
    }

    @Test func switchingThePaceLetsAWaitingPlayerOnOrHoldsThem() async throws {
        let ana = try #require(try join("Ana", "Bea").first)
        try await startTrivia()
        let first = try #require(try seat(ana).trivia.currentQuestion)
        _ = try round.answerTrivia(playerID: ana.id, index: first.correct)
        try round.setSelfPaced(true, hostKey: key)
        #expect(try seat(ana).trivia.snapshot.value.number == 2 && !seat(ana).trivia.snapshot.value.waiting)
        #expect(try seat(ana).trivia.snapshot.value.lastAnswer?.correctIndex == nil, "self-paced: open till the end")
        try round.setSelfPaced(false, hostKey: key)
        #expect(throws: ModelError.conflict("Espera: todavía vamos por la pregunta 1.")) {
            try round.answerTrivia(playerID: ana.id, index: 0)
        }
        try round.next(hostKey: key)
        let second = try #require(try seat(ana).trivia.currentQuestion)
        _ = try round.answerTrivia(playerID: ana.id, index: second.correct)
        #expect(try seat(ana).trivia.snapshot.value.waiting, "host-paced again: an answered question waits")
    }

    @Test func onlyTheRoundsQuizzesAreJudgedEachOnceAndARightOneScores() async throws {
        let ana = try #require(try join("Ana").first)
        try round.room.setSelfPaced(true, hostKey: key)
        try await startQuizzes()
        transport.answer("/api/quizzes/12/check", with: QuizReplies.check(12, "sí", right: true))
        transport.answer("/api/quizzes/13/check", with: QuizReplies.check(13, "no", right: false))
        await #expect(throws: ModelError.forbidden("Esa pregunta no es de la ronda en marcha.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 99, answer: "x")
        }
        #expect(try await round.checkQuiz(playerID: ana.id, quizID: 12, answer: "sí").result)
        #expect(try await !round.checkQuiz(playerID: ana.id, quizID: 13, answer: "no").result)
        await #expect(throws: ModelError.conflict("Ya has respondido a esta pregunta.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 12, answer: "sí")
        }
        let now = try #require(round.room.player(id: ana.id))
        #expect(now.score == 1 && now.answered == [2, 3])
        #expect(transport.count("/api/quizzes/12/check") == 1, "a refused answer never reaches the server")
    }

    @Test func hostPacedOnlyTheCurrentQuestionMayBeAnswered() async throws {
        let ana = try #require(try join("Ana").first)
        try await startQuizzes()
        transport.answer("/api/quizzes/11/check", with: QuizReplies.check(11, "a", right: true))
        transport.answer("/api/quizzes/12/check", with: QuizReplies.check(12, "b", right: true))
        await #expect(throws: ModelError.conflict("Espera: todavía vamos por la pregunta 1.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 12, answer: "b")
        }
        #expect(try round.next(hostKey: key) == 2)
        await #expect(throws: ModelError.conflict("La pregunta 1 ya está cerrada: vamos por la 2.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 11, answer: "a")
        }
        #expect(try await round.checkQuiz(playerID: ana.id, quizID: 12, answer: "b").result)
        #expect(round.room.player(id: ana.id)?.score == 1)
    }

    @Test func aTriviaRoundJudgesTheCurrentQuestionAndTheHostMovesEverybodyOn() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first), bea = try #require(players.last)
        try await startTrivia()
        let question = try #require(try seat(ana).trivia.currentQuestion)
        let report = try round.answerTrivia(playerID: ana.id, index: question.correct)
        #expect(report.right && report.number == 1)
        #expect(throws: ModelError.conflict("Ya has respondido a esta pregunta.")) {
            try round.answerTrivia(playerID: ana.id, index: 0)
        }
        try round.next(hostKey: key)
        #expect(try seat(bea).trivia.snapshot.value.number == 2, "who did not answer skips on with the room")
        #expect(try seat(ana).trivia.snapshot.value.number == 2)
        #expect(round.room.player(id: ana.id)?.score == 1 && round.room.player(id: bea.id)?.answered == [])
    }

    @Test func aQuizzesRoundRefusesTriviaAnswersAndTheOtherWayRound() async throws {
        let ana = try #require(try join("Ana").first)
        #expect(throws: ModelError.conflict("No hay ninguna ronda de trivia en marcha.")) {
            try round.answerTrivia(playerID: ana.id, index: 0)
        }
        try await startQuizzes()
        #expect(throws: ModelError.conflict("No hay ninguna ronda de trivia en marcha.")) {
            try round.answerTrivia(playerID: ana.id, index: 0)
        }
    }

    @Test func onlyTheHostRunsTheRound() async throws {
        let ana = try #require(try join("Ana").first)
        let denied = ModelError.forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.")
        try round.room.pick(.quizzes, hostKey: key)
        await #expect(throws: denied) { try await round.start(hostKey: "guess") }
        try await round.start(hostKey: key)
        #expect(throws: denied) { try round.next(hostKey: "guess") }
        #expect(throws: denied) { try round.end(savingTo: nil, hostKey: "guess") }
        #expect(throws: denied) { try round.remove(playerID: ana.id, hostKey: "guess") }
        #expect(round.room.phase == .playing && round.room.currentQuestion == 1)
    }

    @Test func theEndGivesThePodiumAndSavesTheScoresOfWhoAnswered() async throws {
        let players = try join("Ana", "Bea")
        let ana = try #require(players.first)
        try round.room.setSelfPaced(true, hostKey: key)
        try await startQuizzes()
        transport.answer("/api/quizzes/11/check", with: QuizReplies.check(11, "a", right: true))
        _ = try await round.checkQuiz(playerID: ana.id, quizID: 11, answer: "a")
        let ranking = Ranking(store: nil)
        let podium = try round.end(savingTo: ranking, hostKey: key)
        #expect(podium.map(\.name) == ["Ana", "Bea"] && podium.map(\.position) == [1, 2])
        #expect(ranking.entries.map(\.name) == ["Ana"], "Bea never answered: she is not in the ranking")
        await #expect(throws: ModelError.conflict("No hay ninguna ronda de preguntas en marcha.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 12, answer: "b")
        }
    }

    @Test func aRemovedPlayerNoLongerAnswers() async throws {
        let ana = try #require(try join("Ana").first)
        try await startQuizzes()
        try round.remove(playerID: ana.id, hostKey: key)
        await #expect(throws: ModelError.unknownItem(.player, id: ana.id)) {
            try await round.checkQuiz(playerID: ana.id, quizID: 11, answer: "a")
        }
    }

    @Test func aFailedDownloadLeavesTheRoomWaitingAndTheHostMayTryAgain() async throws {
        try join("Ana")
        transport.answer("/api/quizzes/random10", with: .failure(.offline))
        try round.room.pick(.quizzes, hostKey: key)
        await #expect(throws: ModelError.remote(.offline)) { try await round.start(hostKey: key) }
        #expect(round.room.phase == .lobby)
        transport.answer("/api/quizzes/random10", with: QuizReplies.list([]))
        await #expect(throws: ModelError.remote(.malformed("no hay preguntas para la ronda"))) {
            try await round.start(hostKey: key)
        }
        transport.answer("/api/quizzes/random10", with: QuizReplies.list([5]))
        try await round.start(hostKey: key)
        #expect(round.room.phase == .playing && round.room.questionCount == 1)
    }
}

/// The seats the tests made, by player id (the seat closure runs inside `join`).
@MainActor
private final class SeatBook {
    var byID: [Int: ClassroomRound.Seat] = [:]
}

/// A quizzes round of the host's own set: no download, judged here with its alternatives.
@Suite("ClassroomRound: a round of the host's set", .timeLimit(.minutes(1)))
@MainActor
struct ClassroomRoundSetTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    private let set = QuizSet(id: 4, title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"]),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma", image: "https://ejemplo.es/roma.jpg"),
    ])

    init() throws {
        round = try RoundFixture.round(transport)
        transport.answer("/api/quizzes/random10", with: QuizReplies.list(Array(11...20)))
    }

    private func join(_ name: String) throws -> (ClassroomPlayer, QuizzesModel) {
        let seat = try RoundFixture.seat(transport)
        let player = try round.join(name: name) { _ in seat }
        return (player, seat.quizzes)
    }

    @Test func theSetIsPlayedWithoutDownloadingAndItsAnswersNeverReachThePlayers() async throws {
        let (_, quizzes) = try join("Ana")
        try round.pick(.quizzes, set: set, hostKey: key)
        try await round.start(hostKey: key)
        #expect(transport.count("/api/quizzes/random10") == 0)
        #expect(round.room.questionCount == 2)
        #expect(quizzes.quizzes.map(\.question) == ["¿Capital de Francia?"], "host-paced: one question at a time")
        try round.next(hostKey: key)
        #expect(quizzes.quizzes.map(\.question) == ["¿Capital de Francia?", "¿Capital de Italia?"])
        #expect(quizzes.quizzes.allSatisfy { $0.answer == nil })
        #expect(quizzes.quizzes.last?.attachment?.url.absoluteString == "https://ejemplo.es/roma.jpg")
    }

    @Test func anAlternativeIsRightAndScoresAWrongAnswerDoesNot() async throws {
        let (ana, quizzes) = try join("Ana")
        let (bea, _) = try join("Bea")
        try round.room.setSelfPaced(true, hostKey: key)
        try round.pick(.quizzes, set: set, hostKey: key)
        try await round.start(hostKey: key)
        #expect(try await round.checkQuiz(playerID: ana.id, quizID: 1, answer: " PARIS ").result)
        #expect(try await !round.checkQuiz(playerID: bea.id, quizID: 1, answer: "Lyon").result)
        #expect(try await round.checkQuiz(playerID: ana.id, quizID: 2, answer: "roma").result)
        #expect(quizzes.score == 2)
        #expect(round.room.player(id: ana.id)?.score == 2)
        #expect(round.room.player(id: bea.id)?.score == 0)
        #expect(transport.count("/api/quizzes/1/check") == 0, "the set is judged here")
        await #expect(throws: ModelError.forbidden("Esa pregunta no es de la ronda en marcha.")) {
            try await round.checkQuiz(playerID: ana.id, quizID: 3, answer: "x")
        }
    }

    @Test func pickingTriviaOrNoSetGoesBackToTheQuizSource() async throws {
        _ = try join("Ana")
        try round.pick(.quizzes, set: set, hostKey: key)
        try round.pick(.quizzes, set: nil, hostKey: key)
        try await round.start(hostKey: key)
        #expect(transport.count("/api/quizzes/random10") == 1)
        #expect(round.roundQuizzes.map(\.id) == Array(11...20))
        #expect(throws: ModelError.forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.")) {
            try round.pick(.quizzes, set: set, hostKey: "wrong")
        }
    }
}
