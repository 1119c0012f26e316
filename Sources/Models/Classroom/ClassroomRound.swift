import Foundation

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
    private var seats: [Int: Seat] = [:]
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
    /// When each question opened for the room (host-paced) and each player's last answer
    /// (self-paced: their next question opens then).
    private var openedAt: [Int: Date] = [:]
    private var lastAnswerAt: [Int: Date] = [:]
    /// The clock (a fixed one in tests).
    public var now: @Sendable () -> Date = { Date() }

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
        if room.phaseState.value == .playing { show(to: made) }
        return player
    }

    /// Takes a player out of the room (the host removes them): their token stops working.
    public func remove(playerID: Int, hostKey: String) throws(ModelError) {
        try room.remove(playerID: playerID, hostKey: hostKey)
        seats[playerID] = nil
    }

    // MARK: Host

    /// Picks the next round's game and, for quizzes, the host's `set` to play (nil: the quiz source).
    public func pick(_ game: ClassroomGame, set: QuizSet?, hostKey: String) throws(ModelError) {
        try room.pick(game, hostKey: hostKey)
        chosenSet = game == .quizzes ? set : nil
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
        openedAt = [1: started]
        lastAnswerAt = [:]
        let texts = game == .quizzes ? roundQuizzes.map(\.question) : trivia.map(\.question)
        recordedRound = recorder?.roundStarted(RoundStart(
            game: game, setID: game == .quizzes ? chosenSet?.id : nil, questions: texts, seconds: nil,
            speedPoints: false, startedAt: started))
        for seat in seats.values { show(to: seat) }
    }

    /// Moves everybody to the next question (host-paced): the question before closes (trivia
    /// games show its right answer; players who did not answer skip on) and the next one shows
    /// in every player's list. Returns the question's number.
    @discardableResult
    public func next(hostKey: String) throws(ModelError) -> Int {
        let number = try room.next(hostKey: hostKey)
        openedAt[number] = now()
        if !room.selfPacedState.value { reach(number) }
        return number
    }

    /// Lets each player go at their own pace (`true`: every question of the round opens) or has
    /// everybody follow the host again (`false`: from the room's current question).
    public func setSelfPaced(_ selfPaced: Bool, hostKey: String) throws(ModelError) {
        try room.setSelfPaced(selfPaced, hostKey: hostKey)
        guard room.phaseState.value == .playing else { return }
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
        let podium = try room.end(savingTo: ranking, hostKey: hostKey)
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
        try room.checkMayAnswer(playerID: playerID, number: index + 1)
        guard let seat = seats[playerID] else { throw .unknownItem(.player, id: playerID) }
        let result: QuizCheckResult
        if let setQuizzes, setQuizzes.indices.contains(index) {
            result = seat.quizzes.accept(QuizCheckResult(quizId: quizID, answer: answer, result: setQuizzes[index].accepts(answer)))
        } else {
            result = try await seat.quizzes.check(quizID: quizID, answer: answer)
        }
        try room.record(playerID: playerID, number: index + 1, right: result.result)
        keep(playerID: playerID, number: index + 1, answer: answer, right: result.result)
        return result
    }

    /// Answers player `playerID`'s current trivia question with choice `index` and records it.
    public func answerTrivia(playerID: Int, index: Int) throws(ModelError) -> TriviaAnswer {
        guard room.gameState.value == .trivia, room.phaseState.value == .playing, let game = seats[playerID]?.trivia else {
            throw .conflict("No hay ninguna ronda de trivia en marcha.")
        }
        guard game.phaseSignal.value == .playing else { throw .conflict("Ya has respondido todas las preguntas.") }
        try room.checkMayAnswer(playerID: playerID, number: game.snapshot.value.number)
        let chosen = game.currentQuestionSignal.value.flatMap { $0.answers.indices.contains(index) ? $0.answers[index] : nil } ?? ""
        let report = try game.answer(index: index)
        try room.record(playerID: playerID, number: report.number, right: report.right)
        keep(playerID: playerID, number: report.number, answer: chosen, right: report.right)
        return report
    }

    /// Tells the recorder about an answer just recorded in the room.
    private func keep(playerID: Int, number: Int, answer: String, right: Bool) {
        let at = now()
        defer { lastAnswerAt[playerID] = at }
        guard let recordedRound, let recorder, let player = room.playersState.value.first(where: { $0.id == playerID })
        else { return }
        let opened = room.selfPacedState.value ? (lastAnswerAt[playerID] ?? openedAt[1]) : openedAt[number]
        recorder.answered(
            RoundAnswer(
                playerID: playerID, name: player.name, question: number, answer: answer, right: right,
                seconds: max(0, at.timeIntervalSince(opened ?? at)), points: right ? 1 : 0),
            inRound: recordedRound)
    }

    /// Shows the round's questions the room has reached in a seat's model of the round's game.
    private func show(to seat: Seat) {
        switch room.gameState.value {
        case .quizzes:
            seat.quizzes.show(room.selfPacedState.value ? roundQuizzes : Array(roundQuizzes.prefix(room.currentState.value)))
        case .trivia:
            seat.trivia.play(trivia, holdingAnswered: !room.selfPacedState.value)
            if !room.selfPacedState.value { seat.trivia.moveOn(to: room.currentState.value) }
        case nil: break
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
