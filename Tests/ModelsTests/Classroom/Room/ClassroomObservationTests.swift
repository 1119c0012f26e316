import Foundation
import ModelsTesting
import Testing

@testable import Models
@testable import Signals

@Suite("Classroom is Observable: what a player's or the host's view reads of the room")
@MainActor
struct ClassroomObservationTests {
    private let key = "host-key-for-tests"

    @Test func joiningFiresThePlayersAndNotThePhase() throws {
        let room = Classroom(hostKey: key)
        let players = tracking { room.players.map(\.name) }
        let phase = tracking { room.phase }
        _ = try room.join(name: "Ana")
        #expect(players.count == 1 && phase.count == 0)
        #expect(players.threads == [currentThread()])
    }

    @Test func theRoundFiresPhaseAndQuestionAsTheHostMovesOn() throws {
        let room = Classroom(hostKey: key)
        let ana = try room.join(name: "Ana")
        try room.pick(.trivia, hostKey: key)
        let phase = tracking { room.phase }
        try room.start(questionCount: 3, hostKey: key)
        #expect(phase.count == 1 && room.phase == .playing)
        room.close(1, chart: QuestionChart(question: 1, given: [], players: 1))
        let question = tracking { room.currentQuestion }
        let stillPlaying = tracking { room.phase }
        _ = try room.advance(hostKey: key)
        #expect(question.count == 1 && stillPlaying.count == 0)
        let me = tracking { room.player(id: ana.id)?.score }
        _ = try room.record(playerID: ana.id, number: room.currentQuestion, right: true)
        #expect(me.count == 1 && room.player(id: ana.id)?.score == 1)
    }

    @Test func theServersPathThroughTheRoundSubscribesNothing() async throws {
        let transport = RoutedTransport()
        transport.answer("/questions", with: TriviaReplies.list(1...10))
        let trivia = TriviaClient(baseURL: try #require(URL(string: "http://trivia.test/")), transport: transport)
        let quizzes = QuizServerClient(baseURL: try #require(URL(string: "http://quiz.test/")), token: "t", transport: transport)
        let round = ClassroomRound(hostKey: key, quizClient: quizzes, triviaClient: trivia, clock: ClassroomRound.Clock(getReady: 0))
        let ana = try round.join(name: "Ana")
        try round.pick(.trivia, set: nil, hostKey: key)
        try await round.start(hostKey: key)
        _ = try await round.answer(playerID: ana.id, question: 1, given: .choices([0]))
        _ = try round.next(hostKey: key)
        #expect(round.player(token: ana.token)?.answered == [1])
        let room = round.room
        let signals = room.signals
        #expect(try Self.targets(signals.phase) == 0 && Self.targets(signals.game) == 0)
        #expect(try Self.targets(signals.current) == 0 && Self.targets(signals.selfPaced) == 0)
        #expect(try Self.targets(signals.players) == 0)
        _ = room.phase
        #expect(try Self.targets(signals.phase) == 1, "a view's read subscribes")
    }

    /// How many subscribers the room's state `signal` has.
    private static func targets<Value: Sendable>(_ signal: any ReadableSignal<Value>) throws -> Int {
        try #require(signal as? State<Value>).node.targets.count
    }

    @Test func anObservedRoomIsReleased() async throws {
        let released = await isReleasedAfterObserving { Classroom(hostKey: "k") } read: { _ = $0.players } change: {
            _ = try? $0.join(name: "Ana")
        }
        #expect(released)
    }
}
