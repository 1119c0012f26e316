import Foundation
import ModelsTesting
import Testing

@testable import Models

/// What a round tells its recorder (the results store): the start with its questions, each
/// answer with the seconds it took on the round's clock, the end with who played.
@Suite("ClassroomRound: what the results recorder hears", .timeLimit(.minutes(5)))
@MainActor
struct RoundRecorderTests {
    private let key = RoundFixture.key
    private let transport = RoutedTransport()
    private let round: ClassroomRound
    private let recorder = RecorderSpy()
    private let clock = TestClock()
    private let set = QuizSet(id: 4, title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París"),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma"),
    ])

    init() throws {
        let clock = self.clock
        round = try RoundFixture.round(transport, clock: ClassroomRound.Clock(now: { clock.now }, getReady: 0))
        round.recorder = recorder
    }

    private func join(_ name: String) throws -> ClassroomPlayer {
        try round.join(name: name)
    }

    @Test func aHostPacedRoundIsRecordedFromStartToEnd() async throws {
        let ana = try join("Ana")
        let bea = try join("Bea")
        try round.pick(.quizzes, set: set, hostKey: key)
        try await round.start(hostKey: key)
        #expect(recorder.starts.map(\.questions) == [[
            RecordedQuestion(text: "¿Capital de Francia?", kind: .text, rightAnswers: ["París"]),
            RecordedQuestion(text: "¿Capital de Italia?", kind: .text, rightAnswers: ["Roma"]),
        ]])
        #expect(recorder.starts.first?.setID == 4 && recorder.starts.first?.setTitle == "Capitales" && recorder.starts.first?.game == .quizzes)
        clock.advance(by: 4)
        _ = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
        try round.next(hostKey: key)  // shows question 1's answer
        try round.next(hostKey: key)  // question 2
        let carla = try join("Carla")  // late: asked question 2 only
        clock.advance(by: 2.5)
        _ = try await round.answer(playerID: bea.id, question: 2, given: .text("Milán"))
        try round.end(savingTo: nil, hostKey: key)
        #expect(recorder.answers == [
            RoundAnswer(playerID: ana.id, name: "Ana", question: 1, answer: "París", right: true, seconds: 4, points: 1),
            RoundAnswer(playerID: bea.id, name: "Bea", question: 2, answer: "Milán", right: false, seconds: 2.5, points: 0),
        ])
        #expect(recorder.ends.map(\.players) == [[
            RoundPlayer(id: ana.id, name: "Ana", score: 1, asked: 2), RoundPlayer(id: bea.id, name: "Bea", score: 0, asked: 2),
            RoundPlayer(id: carla.id, name: "Carla", score: 0, asked: 1),
        ]])
        #expect(Set(recorder.answerRounds) == [recorder.ends.first?.id])
    }
}

/// A recorder that remembers what it heard.
@MainActor
private final class RecorderSpy: RoundRecorder {
    var starts: [RoundStart] = []
    var answers: [RoundAnswer] = []
    var answerRounds: [Int] = []
    var ends: [(id: Int, players: [RoundPlayer])] = []

    func roundStarted(_ start: RoundStart) -> Int {
        starts.append(start)
        return 40 + starts.count
    }

    func answered(_ answer: RoundAnswer, inRound roundID: Int) {
        answers.append(answer)
        answerRounds.append(roundID)
    }

    func roundEnded(_ roundID: Int, at endedAt: Date, players: [RoundPlayer]) {
        ends.append((roundID, players))
    }

    @Test func aQuestionIsRecordedWithItsKindOptionsAndEveryRightAnswer() {
        let choice = SetQuiz(question: "¿Primos?", answer: .choice([
            SetQuizOption(text: "2", right: true), SetQuizOption(text: "4", right: false), SetQuizOption(text: "5", right: true),
        ]))
        #expect(RecordedQuestion(RoundQuestion(number: 1, quiz: choice))
            == RecordedQuestion(text: "¿Primos?", kind: .choice, options: ["2", "4", "5"], rightAnswers: ["2", "5"]))
        let typed = SetQuiz(question: "¿Capital?", answer: "París", alternatives: ["Paris"])
        #expect(RecordedQuestion(RoundQuestion(number: 1, quiz: typed)).rightAnswers == ["París", "Paris"])
        let poll = SetQuiz(question: "¿Color?", answer: .poll(["Rojo", "Azul"]))
        #expect(RecordedQuestion(RoundQuestion(number: 1, quiz: poll)) == RecordedQuestion(text: "¿Color?", kind: .poll, options: ["Rojo", "Azul"]))
    }
}
