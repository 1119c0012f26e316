import Foundation
import Signals

/// The rules of a classroom round, over a room (`Classroom`) and each player's own games: which
/// questions the round plays (downloaded once, the same for everybody), which question is
/// current, who may answer what, how an answer is judged and scored, and the podium at the end.
///
/// A player never sees a question the room has not reached: host-paced, their quiz list grows
/// one question at a time and their trivia game holds an answered question until the host moves
/// on; the right answer of a trivia question is shown only once it closes for the room (the host
/// moves on, or the round ends).
///
/// It knows nothing of HTTP: the web wiring keeps identity (cookies), rate limits and topics, and
/// calls these methods. A player joins with a `Seat` (their quiz list and trivia game); the round
/// shows its questions in those models, so a player's own pages show the round.
///
///     let round = ClassroomRound(room: Classroom(hostKey: key), quizClient: quizzes, triviaClient: trivia)
///     let ana = try round.join(name: "Ana") { _ in ClassroomRound.Seat(quizzes: …, trivia: …) }
///     try round.room.pick(.quizzes, hostKey: key)
///     try await round.start(hostKey: key)
///     let result = try await round.checkQuiz(playerID: ana.id, quizID: 7, answer: "Madrid")
@MainActor
public final class ClassroomRound {
    /// Questions in a round unless told otherwise.
    public nonisolated static let defaultQuestionCount = 10

    /// A player's games, where the round shows its questions and judges their answers.
    public struct Seat: Sendable {
        /// The player's quiz list (a quizzes round shows its questions there).
        public let quizzes: QuizzesModel
        /// The player's trivia game (a trivia round plays there).
        public let trivia: TriviaGame

        /// A seat over a player's own models.
        public init(quizzes: QuizzesModel, trivia: TriviaGame) {
            self.quizzes = quizzes
            self.trivia = trivia
        }
    }

    /// The room: players, phase, scores and the public leaderboard.
    public let room: Classroom
    /// How many questions a round downloads (at most).
    public let questionCount: Int
    private let quizClient: QuizServerClient
    private let triviaClient: TriviaClient
    var seats: [Int: Seat] = [:]
    /// The quizzes of the round being played (or last played), in question order.
    public private(set) var roundQuizzes: [QuizItem] = []
    private var trivia: [TriviaQuestion] = []
    /// The host's set the next quizzes round plays (nil: the quiz source).
    private var chosenSet: QuizSet?
    /// The set's quizzes while a round of it is played, judged here (nil: the quiz server judges).
    private var setQuizzes: [SetQuiz]?
    private var starting = false
    /// Keeps every round's answers (the results), if set.
    public weak var recorder: (any RoundRecorder)?
    /// The recorder's id of the round being played.
    private var recordedRound: Int?
    /// The clock (a test clock in tests).
    public var now: @Sendable () -> Date = { Date() }
    /// Whether timed questions close by themselves when their time is up (tests on a test clock
    /// turn it off and call `tick()`).
    public var closesOnTime = true
    /// The current round's openings, answers and closed questions.
    var progress = RoundProgress(timing: nil)
    /// The extra time the host gave each player (factor by player id; absent: 1), kept across rounds.
    var timeFactors: [Int: Double] = [:]
    /// Checks of a quiz server in flight, by question: the question waits for them to close.
    var pendingChecks: [Int: Int] = [:]
    /// The task that closes the next timed question when its time is up.
    var closingTask: Task<Void, Never>?

    /// Rounds in `room`, with questions from `quizClient` (quizzes) and `triviaClient` (trivia).
    public init(room: Classroom, quizClient: QuizServerClient, triviaClient: TriviaClient,
                questionCount: Int = ClassroomRound.defaultQuestionCount) {
        self.room = room
        self.quizClient = quizClient
        self.triviaClient = triviaClient
        self.questionCount = questionCount
    }

    // MARK: Players

    /// Adds a player called `name` to the room, sitting at the seat `seat` makes for them (it gets
    /// the new player, e.g. to name their topics); shows them the round if one is on.
    public func join(name: String, seat: (ClassroomPlayer) -> Seat) throws(ModelError) -> ClassroomPlayer {
        let player = try room.join(name: name)
        let made = seat(player)
        seats[player.id] = made
        if room.phaseState.value == .playing { show(to: made, playerID: player.id) }
        return player
    }

    /// Takes a player out of the room (the host removes them): their token stops working.
    public func remove(playerID: Int, hostKey: String) throws(ModelError) {
        try room.remove(playerID: playerID, hostKey: hostKey)
        seats[playerID] = nil
        timeFactors[playerID] = nil
        tick()
    }

    // MARK: Host

    /// Picks the next round's game, for quizzes the host's `set` to play (nil: the quiz
    /// source), and the timer (nil: none).
    public func pick(_ game: ClassroomGame, set: QuizSet?, timing: RoundTiming? = nil, hostKey: String) throws(ModelError) {
        try room.pick(game, timing: timing, hostKey: hostKey)
        chosenSet = game == .quizzes ? set : nil
    }

    /// The id of the host's set the next quizzes round plays, or nil.
    public var chosenSetID: Int? { chosenSet?.id }

    /// Plays `set` as it is now (the host edited it after picking it), if it is the one picked.
    public func refreshChosenSet(_ set: QuizSet) {
        if chosenSet?.id == set.id, room.phaseState.value != .playing { chosenSet = set }
    }

    /// Downloads the picked game's questions once and starts the round for every player.
    public func start(hostKey: String) async throws(ModelError) {
        try room.requireHost(hostKey)
        guard let game = room.gameState.value else { throw .conflict("Elige primero el juego de la ronda.") }
        guard room.phaseState.value != .playing, !starting else { throw .conflict("Ya hay una ronda en marcha.") }
        starting = true
        defer { starting = false }
        let count: Int
        do throws(RemoteError) {
            switch game {
            case .quizzes:
                setQuizzes = chosenSet?.quizzes
                if let chosenSet { roundQuizzes = chosenSet.roundQuizzes } else {
                    roundQuizzes = Array(try await quizClient.random10().elements.prefix(questionCount))
                }
                count = roundQuizzes.count
            case .trivia:
                trivia = Array(try await triviaClient.questions(amount: questionCount).elements.prefix(questionCount))
                count = trivia.count
            }
        } catch {
            throw .remote(error)
        }
        guard count > 0 else { throw .remote(.malformed("no hay preguntas para la ronda")) }
        try room.start(questionCount: count, hostKey: hostKey)
        let started = now()
        progress = RoundProgress(timing: room.timingState.value)
        pendingChecks = [:]
        let texts = game == .quizzes ? roundQuizzes.map(\.question) : trivia.map(\.question)
        recordedRound = recorder?.roundStarted(RoundStart(
            game: game, setID: game == .quizzes ? chosenSet?.id : nil, questions: texts, seconds: room.timingState.value?.seconds,
            speedPoints: room.timingState.value?.speedPoints ?? false, startedAt: started))
        for (id, seat) in seats { show(to: seat, playerID: id) }
        openQuestion(1)
    }

    /// Moves everybody to the next question (host-paced): the question before closes (trivia
    /// games show its right answer; players who did not answer skip on) and the next one shows
    /// in every player's list. Returns the question's number.
    @discardableResult
    public func next(hostKey: String) throws(ModelError) -> Int {
        try room.requireHost(hostKey)
        // One wave: the closed question's chart and the next question reach the room's
        // observers together. Notified between the two, the live topic (on its own queue, as
        // the main actor goes on) published "question 2, its chart, 2 of 3 answered" — a
        // closed question still current, which no page should see.
        return try batch { () throws(ModelError) -> Int in
            if room.phaseState.value == .playing, !room.selfPacedState.value, room.currentState.value < room.totalState.value {
                closeQuestion(room.currentState.value)
            }
            let number = try room.next(hostKey: hostKey)
            openQuestion(number)
            if !room.selfPacedState.value { reach(number) }
            return number
        }
    }

    /// Lets each player go at their own pace (`true`: every question of the round opens) or has
    /// everybody follow the host again (`false`: from the room's current question).
    public func setSelfPaced(_ selfPaced: Bool, hostKey: String) throws(ModelError) {
        try room.setSelfPaced(selfPaced, hostKey: hostKey)
        guard room.phaseState.value == .playing else { return }
        defer { openQuestion(room.currentState.value) }
        for seat in seats.values {
            switch room.gameState.value {
            case .quizzes: if selfPaced { seat.quizzes.extendRound(with: roundQuizzes) }
            case .trivia:
                seat.trivia.setHoldingAnswered(!selfPaced)
                if !selfPaced { seat.trivia.moveOn(to: room.currentState.value) }
            case nil: break
            }
        }
    }

    /// Ends the round: every question closes (trivia games show their right answers), the
    /// podium, and into `ranking` (nil: nowhere) the score of every player who answered at
    /// least once. Returns the podium.
    @discardableResult
    public func end(savingTo ranking: Ranking?, hostKey: String) throws(ModelError) -> [ClassroomPodiumRow] {
        try room.requireHost(hostKey)
        // One wave, as in `next`: the last question's chart and the end together.
        let podium = try batch { () throws(ModelError) -> [ClassroomPodiumRow] in
            if room.phaseState.value == .playing, !room.selfPacedState.value { closeQuestion(room.currentState.value) }
            return try room.end(savingTo: ranking, hostKey: hostKey)
        }
        closingTask?.cancel()
        closingTask = nil
        if room.gameState.value == .trivia {
            for seat in seats.values { seat.trivia.finishRound() }
        }
        if let recordedRound {
            recorder?.roundEnded(
                recordedRound, at: now(), players: room.playersState.value.map { RoundPlayer(id: $0.id, name: $0.name, score: $0.score) })
        }
        recordedRound = nil
        return podium
    }

    // MARK: Answers

    /// Checks player `playerID`'s answer to the round's quiz `quizID` with the quiz server (through
    /// their own quiz list) and records it: once per question; host-paced, only the current one.
    /// A quiz outside the round is refused (`forbidden`): the round is a player's one door to
    /// having answers judged.
    public func checkQuiz(playerID: Int, quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult {
        guard room.gameState.value == .quizzes, room.phaseState.value == .playing else {
            throw .conflict("No hay ninguna ronda de preguntas en marcha.")
        }
        // The round's quizzes are the only ones a classroom player may have judged.
        guard let index = roundQuizzes.firstIndex(where: { $0.id == quizID }) else {
            throw .forbidden("Esa pregunta no es de la ronda en marcha.")
        }
        let number = index + 1
        try room.checkMayAnswer(playerID: playerID, number: number)
        guard let seat = seats[playerID] else { throw .unknownItem(.player, id: playerID) }
        let elapsed = try onTime(playerID: playerID, number: number)
        var result: QuizCheckResult
        if let setQuizzes, setQuizzes.indices.contains(index) {
            result = seat.quizzes.accept(QuizCheckResult(quizId: quizID, answer: answer, result: setQuizzes[index].accepts(answer)))
        } else {
            // The question waits for this check to close: the answer came in time.
            pendingChecks[number, default: 0] += 1
            defer {
                pendingChecks[number, default: 1] -= 1
                tick()
            }
            result = try await seat.quizzes.check(quizID: quizID, answer: answer)
        }
        result.points = try keep(playerID: playerID, number: number, answer: answer, right: result.result, elapsed: elapsed)
        return result
    }

    /// Answers player `playerID`'s current trivia question with choice `index` and records it
    /// (with `question`, only if that is still their question: see `TriviaGame.answer`).
    public func answerTrivia(playerID: Int, index: Int, question seen: Int? = nil) throws(ModelError) -> TriviaAnswer {
        guard room.gameState.value == .trivia, room.phaseState.value == .playing, let game = seats[playerID]?.trivia else {
            throw .conflict("No hay ninguna ronda de trivia en marcha.")
        }
        guard game.phaseSignal.value == .playing else { throw .conflict("Ya has respondido todas las preguntas.") }
        let number = game.snapshot.value.number
        try game.refuseUnlessShowing(seen)
        try room.checkMayAnswer(playerID: playerID, number: number)
        let elapsed = try onTime(playerID: playerID, number: number)
        let chosen = game.currentQuestionSignal.value.flatMap { $0.answers.indices.contains(index) ? $0.answers[index] : nil } ?? ""
        var report = try game.answer(index: index)
        report.points = try keep(playerID: playerID, number: number, answer: chosen, right: report.right, elapsed: elapsed)
        if room.selfPacedState.value, game.phaseSignal.value == .playing {
            progress.open(number + 1, for: playerID, at: now())
            report.nextDeadline = deadline(for: playerID, question: number + 1).map(QuestionDeadline.milliseconds)
        }
        return report
    }

    /// Records an answer given `elapsed` seconds after its question opened: its points in the
    /// room, the chart's count, the recorder; a question everybody answered closes. Returns the
    /// points it earned.
    private func keep(playerID: Int, number: Int, answer: String, right: Bool, elapsed: Double) throws(ModelError) -> Int {
        let allowed = progress.timing?.allowed(factor: timeFactor(of: playerID)) ?? 0
        let points = progress.timing?.points(right: right, elapsed: elapsed, allowed: allowed) ?? (right ? 1 : 0)
        let player = try room.record(playerID: playerID, number: number, right: right, points: points)
        progress.record(number, playerID: playerID, text: answer, right: right)
        if let recordedRound {
            recorder?.answered(
                RoundAnswer(
                    playerID: playerID, name: player.name, question: number, answer: answer, right: right,
                    seconds: elapsed, points: points),
                inRound: recordedRound)
        }
        tick()
        return points
    }

    /// Shows the round's questions the room has reached in a seat's model of the round's game
    /// (self-paced trivia: the first question opens for the player now).
    private func show(to seat: Seat, playerID: Int) {
        switch room.gameState.value {
        case .quizzes:
            seat.quizzes.show(room.selfPacedState.value ? roundQuizzes : Array(roundQuizzes.prefix(room.currentState.value)))
        case .trivia:
            seat.trivia.play(trivia, holdingAnswered: !room.selfPacedState.value)
            if room.selfPacedState.value { progress.open(1, for: playerID, at: now()) } else { seat.trivia.moveOn(to: room.currentState.value) }
        case nil: break
        }
    }

    /// The right answer of question `number` when the round knows it (trivia, the host's set).
    func correctAnswer(of number: Int) -> String? {
        let index = number - 1
        switch room.gameState.value {
        case .trivia: return trivia.indices.contains(index) ? trivia[index].correctAnswer : nil
        case .quizzes: return setQuizzes.flatMap { $0.indices.contains(index) ? $0[index].rightAnswerText : nil }
        case nil: return nil
        }
    }

    /// Host-paced, the room reached question `number`: every player's list and game go there.
    private func reach(_ number: Int) {
        for seat in seats.values {
            switch room.gameState.value {
            case .quizzes: seat.quizzes.extendRound(with: Array(roundQuizzes.prefix(number)))
            case .trivia: seat.trivia.moveOn(to: number)
            case nil: break
            }
        }
    }
}
