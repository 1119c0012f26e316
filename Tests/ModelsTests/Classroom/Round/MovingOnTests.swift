import Foundation
import ModelsTesting
import Testing

@testable import Models

/// The room's one invariant the round relies on: moving on from an open host-paced question
/// always closes it first, with its chart and right answer on the projector, its verdict on each
/// phone and its held points counted, whatever the entry point (the host's button, the end, a
/// pace changed and changed back); and the room itself refuses to move on from an open question,
/// so that no new path can skip the answer (issue 39, point 2).
@Suite("ClassroomRound: no path moves on without closing the open question", .timeLimit(.minutes(5)))
@MainActor
struct MovingOnTests {
    private let key = RoundFixture.key
    private let round: ClassroomRound
    private let set = QuizSet(id: 7, title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París"),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma"),
        SetQuiz(question: "¿Capital de Portugal?", answer: "Lisboa"),
    ])

    init() throws {
        round = try RoundFixture.round(RoutedTransport(), clock: ClassroomRound.Clock(getReady: 0, closesOnTime: false))
    }

    private func start() async throws -> (ana: ClassroomPlayer, bea: ClassroomPlayer) {
        let ana = try round.join(name: "Ana"), bea = try round.join(name: "Bea")
        try round.pick(.quizzes, set: set, hostKey: key)
        try await round.start(hostKey: key)
        return (ana, bea)
    }

    private func view(_ player: ClassroomPlayer) throws -> RoundView {
        try #require(round.view(of: player.id)).view.value
    }

    @Test func theRoomRefusesToMoveOnOrEndWhileItsQuestionIsOpen() async throws {
        let (ana, _) = try await start()
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        let room = round.room
        let refused = ModelError.conflict("Muestra primero la respuesta de la pregunta 1.")
        #expect(throws: refused) { try room.advance(hostKey: key) }
        #expect(throws: refused) { try room.end(savingTo: nil, hostKey: key) }
        #expect(room.currentQuestion == 1 && room.phase == .playing && room.chart == nil)
        #expect(room.player(id: ana.id)?.score == 0, "the points stay held while it is open")
        #expect(room.close(1, chart: QuestionChart(question: 1, given: [(text: "París", right: true)], players: 2)))
        #expect(!room.close(1, chart: QuestionChart(question: 1, given: [], players: 2)), "a closed question closes once")
        #expect(room.chart?.right == 1 && room.player(id: ana.id)?.score == 1)
        #expect(try room.advance(hostKey: key) == 2)
    }

    @Test func endingWithAQuestionOpenClosesItWithItsChartFirst() async throws {
        let (ana, bea) = try await start()
        _ = try round.next(hostKey: key)
        _ = try round.next(hostKey: key)
        _ = try await round.answer(playerID: ana.id, question: 2, given: .text("Roma"))
        _ = try await round.answer(playerID: bea.id, question: 2, given: .text("Milán"))
        // Everybody answered: question 2 closed by itself; question 3 is opened by the host.
        #expect(try round.next(hostKey: key) == .init(shows: "question", question: 3))
        _ = try await round.answer(playerID: ana.id, question: 3, given: .text("Lisboa"))
        try round.end(savingTo: nil, hostKey: key)
        let chart = try #require(round.room.chart)
        #expect(chart.question == 3 && chart.correctAnswer == "Lisboa" && chart.right == 1 && chart.unanswered == 1)
        #expect(try view(ana).phase == "finished" && view(ana).score == 2, "question 3's held point counted at the end")
        #expect(round.room.closedQuestions == [1, 2, 3])
    }

    @Test func aPaceChangedAndChangedBackStillClosesTheQuestionBeforeTheNext() async throws {
        let (ana, bea) = try await start()
        try round.setSelfPaced(true, hostKey: key)
        #expect(round.room.openQuestion == nil && round.room.snapshot.value.open == nil, "self-paced, the room shows none open")
        try round.setSelfPaced(false, hostKey: key)
        #expect(round.room.openQuestion?.number == 1, "host-paced again, the room's question is open again")
        _ = try await round.answer(playerID: bea.id, question: 1, given: .text("Lyon"))
        #expect(try round.next(hostKey: key) == .init(shows: "answer", question: 1))
        #expect(round.room.chart?.question == 1 && round.room.chart?.correctAnswer == "París")
        #expect(try view(bea).verdict?.right == false && view(ana).phase == "closed")
        #expect(try round.next(hostKey: key) == .init(shows: "question", question: 2))
    }
}
