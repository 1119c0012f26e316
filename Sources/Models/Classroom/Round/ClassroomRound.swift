import Foundation
import Signals

/// The classroom: the one public type the app drives for the room and its round. Every change
/// of the room (players, the host's moves, answers) goes through it; its room (`Classroom`,
/// `room`) is read-only outside, and only it opens and closes questions there. It holds the
/// round's rules: which questions the round plays (taken once from its source, the same for
/// everybody), which question is open, who may see and answer what, how an answer is judged and
/// scored, and each player's view of it.
///
/// The questions come from a source: the course's quiz server (typed; the server judges), the
/// trivia source (four choices) or the host's set (any `QuizKind`). A player never sees a
/// question the room has not reached; self-paced, its text reaches them only once they open it
/// (`open`); nothing right is shown before the question closes, and a closed question never
/// opens again. Each player has one view (`view(of:)`, a `RoundView`), so what the room does and
/// what they did arrive together.
///
/// It knows nothing of HTTP: the web wiring keeps identity (cookies), rate limits and topics.
///
///     let round = ClassroomRound(hostKey: key, quizClient: quizzes, triviaClient: trivia)
///     let ana = try round.join(name: "Ana")
///     try round.pick(.quizzes, set: capitals, hostKey: key)
///     try await round.start(hostKey: key)
///     let verdict = try await round.answer(playerID: ana.id, question: 1, given: .text("París"))
@MainActor
public final class ClassroomRound {
    /// Questions in a round unless told otherwise.
    public nonisolated static let defaultQuestionCount = 10
    /// The 3-2-1 «¡Prepárate!» before each host-paced question, in seconds: the timer starts after it.
    public nonisolated static let defaultGetReady: TimeInterval = 3

    /// What an answer got: right (nil: a poll) and the points; `held` (host-paced): nobody is
    /// told before the question closes, not even the player (the reply says only «recibida»).
    public struct Verdict: Codable, Hashable, Sendable {
        @Nullable public var result: Bool?
        public var points: Int
        public var held = false
    }

    /// The room: players, phase, scores and the public leaderboard, to read (an `Observable`
    /// model for a host's screen); every change goes through the round.
    public let room: Classroom
    /// How many questions a round takes from the quiz server or trivia (at most).
    public let questionCount: Int
    let quizClient: QuizServerClient
    private let triviaClient: TriviaClient
    /// The round's questions, in order.
    private let questionsState = State<[RoundQuestion]>([])
    /// Every player's place (equal points share it), by id: refreshed at once when a question
    /// closes (host-paced), at the start and at the end; at most once a `ranksEvery` while
    /// players join, leave or answer self-paced (`moveRanks`). Every player's view reads it.
    private let ranksState = State<[Int: Int]>([:])
    /// The extra time the host gave (×1.5, ×2), by player id; the others have ×1. One map for
    /// the room, not a field of each player's progress: the closing time reads it on every
    /// answer, for every player still to answer.
    private let extraTimeState = State<[Int: Double]>([:])
    /// Each player's part of the round, by id.
    var players: [Int: PlayerRound] = [:]
    /// The host's set the next quizzes round plays (nil: the quiz source).
    var chosenSet: QuizSet?
    /// The set the round being played came from.
    private var playedSet: QuizSet?
    private var starting = false
    /// Keeps every round's answers (the results), if set.
    public weak var recorder: (any RoundRecorder)?
    /// The recorder's id of the round being played.
    var recordedRound: Int?
    /// The round's one clock, injected (`ClassroomRound.Clock`: a test clock in tests).
    public nonisolated let clock: Clock
    /// The current round's openings and answers.
    var progress = RoundProgress(timing: nil)
    /// Checks of a quiz server in flight, by question: the question waits for them to close.
    var pendingChecks: [Int: Int] = [:]
    /// The task that closes the next timed question when its time is up.
    var closingTask: Task<Void, Never>?
    /// The pause after the ranks moved in which a further move waits (`moveRanks`), while it lasts.
    private var ranksPause: Task<Void, Never>?
    /// Whether the ranks must move again when the pause ends.
    private var ranksDue = false
    /// The least time between two moves of the ranks for a join, a removal or a self-paced answer.
    nonisolated static let ranksEvery = Duration.seconds(1)

    /// A classroom whose host proves themselves with `hostKey`, for `maxPlayers` players, with
    /// questions from `quizClient` (quizzes) and `triviaClient` (trivia), on `clock`.
    public init(hostKey: String, maxPlayers: Int = Classroom.defaultMaxPlayers, quizClient: QuizServerClient,
                triviaClient: TriviaClient, questionCount: Int = ClassroomRound.defaultQuestionCount, clock: Clock = Clock()) {
        room = Classroom(hostKey: hostKey, maxPlayers: maxPlayers)
        self.quizClient = quizClient
        self.triviaClient = triviaClient
        self.questionCount = questionCount
        self.clock = clock
    }

    // MARK: Players

    /// Adds a player called `name` to the room (or gives a released name back, with its
    /// points); their view starts at once.
    public func join(name: String) throws(ModelError) -> ClassroomPlayer {
        let player = try room.join(name: name)
        seat(player)
        return player
    }

    /// Gives player `name` back to whoever knows their rejoin `code` (see `Classroom.rejoin`).
    public func rejoin(name: String, code: String) throws(ModelError) -> ClassroomPlayer {
        let player = try room.rejoin(name: name, code: code)
        seat(player)
        return player
    }

    /// Lets the next join with player `playerID`'s name take their place and points (the host
    /// releases the name of a student whose phone lost it). Returns the player as they are now.
    @discardableResult
    public func release(playerID: Int, hostKey: String) throws(ModelError) -> ClassroomPlayer {
        try room.release(playerID: playerID, hostKey: hostKey)
    }

    /// Marks the players `ids` away and every other one active (the server says who has had no
    /// open event stream for a while): a question no longer waits for them.
    public func setAway(_ ids: Set<Int>) {
        room.setAway(ids)
        tick()
    }

    /// Takes a player out of the room (the host removes them): their token stops working.
    public func remove(playerID: Int, hostKey: String) throws(ModelError) {
        try room.remove(playerID: playerID, hostKey: hostKey)
        players[playerID] = nil
        extraTimeState.update { _ = $0.removeValue(forKey: playerID) }
        moveRanks()
        tick()
    }

    /// Player `playerID`'s view of the round and its bytes (nil: not in the room).
    public func view(of playerID: Int) -> (view: Computed<RoundView>, json: Computed<Data>)? {
        players[playerID].map { ($0.view, $0.viewJSON) }
    }

    func seat(_ player: ClassroomPlayer) {
        if players[player.id] == nil {
            let seated = PlayerRound(player: player, round: self)
            players[player.id] = seated
            // A late joiner is asked the room's open question, and the ones after it.
            if let current = room.hostPacedQuestion, progress.roomOpening(current) != nil,
               !room.closedQuestions.contains(current) {
                seated.progress.update { _ = $0.asked.insert(current) }
            }
        }
        moveRanks()
    }

    // MARK: Host

    /// Picks the next round's game, for quizzes the host's `set` to play (nil: the quiz
    /// source), and the timer (nil: none).
    public func pick(_ game: ClassroomGame, set: QuizSet?, timing: RoundTiming? = nil, hostKey: String) throws(ModelError) {
        let chosen = game == .quizzes ? set : nil
        try room.pick(game, timing: timing, set: chosen.map(ChosenSet.init), hostKey: hostKey)
        chosenSet = chosen
    }

    /// The id of the host's set the next quizzes round plays, or nil.
    public var chosenSetID: Int? { chosenSet?.id }

    /// Plays `set` as it is now (the host edited it after picking it), if it is the one picked.
    public func refreshChosenSet(_ set: QuizSet) {
        guard chosenSet?.id == set.id, !room.isPlaying else { return }
        chosenSet = set
        room.show(set: ChosenSet(set))
    }

    /// Takes the picked game's questions once and starts the round for every player; refused
    /// (`unavailable`) when the recorder cannot record its start.
    public func start(hostKey: String) async throws(ModelError) {
        try room.requireHost(hostKey)
        let (picked, timing) = room.picked
        guard let game = picked else { throw .conflict("Elige primero el juego de la ronda.") }
        guard !room.isPlaying, !starting else { throw .conflict("Ya hay una ronda en marcha.") }
        starting = true
        defer { starting = false }
        let questions = try await questions(of: game)
        guard !questions.isEmpty else { throw .remote(.malformed("no hay preguntas para la ronda")) }
        let played = game == .quizzes ? chosenSet : nil
        let started = clock.now()
        // Recorded first: a round whose start cannot be written is not played (it would record nothing).
        let recorded = try recorder?.roundStarted(RoundStart(
            game: game, setID: played?.id, setTitle: played?.title, questions: questions.map(RecordedQuestion.init),
            seconds: timing?.seconds, speedPoints: timing?.speedPoints ?? false,
            startedAt: started))
        do throws(ModelError) {
            try room.start(questionCount: questions.count, hostKey: hostKey)
        } catch {
            // Refused after all (its checks are made again after the questions came): the round
            // recorded is ended at once, never left to be found interrupted.
            if let recorded { recorder?.roundEnded(recorded, at: started, players: []) }
            throw error
        }
        playedSet = played
        recordedRound = recorded
        progress = RoundProgress(timing: timing)
        pendingChecks = [:]
        batch {
            questionsState.value = questions
            for player in players.values { player.progress.value = PlayerRound.Progress() }
            refreshRanks()
        }
        openQuestion(1)
    }

    private func questions(of game: ClassroomGame) async throws(ModelError) -> [RoundQuestion] {
        do throws(RemoteError) {
            switch game {
            case .quizzes:
                if let chosenSet {
                    return chosenSet.quizzes.enumerated().map { RoundQuestion(number: $0.offset + 1, quiz: $0.element) }
                }
                let items = try await quizClient.random10().elements.prefix(questionCount)
                return items.enumerated().map { RoundQuestion(number: $0.offset + 1, serverQuiz: $0.element) }
            case .trivia:
                let trivia = try await triviaClient.questions(amount: questionCount).elements.prefix(questionCount)
                return trivia.enumerated().map { RoundQuestion(number: $0.offset + 1, trivia: $0.element) }
            }
        } catch {
            throw .remote(error)
        }
    }

    /// What the host's one button did (`next`): showed the answer of question `question`, or
    /// opened question `question`.
    public struct Step: Codable, Hashable, Sendable {
        /// `answer` (the question closed: its chart and right answer on every screen) or
        /// `question` (the next question opened).
        public var shows: String
        /// The question it concerns.
        public var question: Int
    }

    /// The host's one button, host-paced: while the room's question is open it closes it (its
    /// chart and right answer on the projector, each phone's verdict: "Mostrar respuesta");
    /// once it is closed the next question opens ("Siguiente pregunta"). After the last one the
    /// host ends the round ("Ver podio"). No path moves on without closing the question first,
    /// and closing is a step of its own, so every screen shows the answer before the next 3-2-1.
    @discardableResult
    public func next(hostKey: String) throws(ModelError) -> Step {
        try room.requireHost(hostKey)
        if let current = room.hostPacedQuestion, !room.closedQuestions.contains(current) {
            closeQuestion(current)
            return Step(shows: "answer", question: current)
        }
        // One wave: the room's next question and its opening (its 3-2-1) reach every view together.
        return try batch { () throws(ModelError) -> Step in
            let number = try room.advance(hostKey: hostKey)
            openQuestion(number)
            return Step(shows: "question", question: number)
        }
    }

    /// Lets each player go at their own pace (`true`) or has everybody follow the host again
    /// (`false`, from the room's current question). A closed question stays closed either way.
    public func setSelfPaced(_ selfPaced: Bool, hostKey: String) throws(ModelError) {
        try batch { () throws(ModelError) in
            // Turned self-paced, the room counts the points held for its question and shows none open.
            guard let current = try room.setSelfPaced(selfPaced, hostKey: hostKey) else { return }
            if selfPaced, let opened = progress.roomOpening(current), !room.closedQuestions.contains(current) {
                // The room's open question stays open for each player, on the same clock.
                for player in players.values {
                    progress.open(current, for: player.id, at: opened)
                    player.progress.update {
                        $0.opened[current] = $0.opened[current] ?? opened
                        $0.asked.insert(current)
                    }
                }
            }
            openQuestion(current)
        }
    }

    /// Ends the round: every question closes, the podium, and into `ranking` (nil: nowhere)
    /// the score of every player who answered at least once. Returns the podium.
    @discardableResult
    public func end(savingTo ranking: Ranking?, hostKey: String) throws(ModelError) -> [ClassroomPodiumRow] {
        try room.requireHost(hostKey)
        // One wave, as in `next`: the last question's chart and the end together.
        let podium = try batch { () throws(ModelError) -> [ClassroomPodiumRow] in
            if let current = room.hostPacedQuestion { closeQuestion(current) }
            let podium = try room.end(savingTo: ranking, hostKey: hostKey)
            refreshRanks()
            return podium
        }
        closingTask?.cancel()
        closingTask = nil
        if let recordedRound {
            recorder?.roundEnded(
                recordedRound, at: clock.now(), players: room.roster.map {
                    RoundPlayer(id: $0.id, name: $0.name, score: $0.score, asked: players[$0.id]?.progress.value.askedCount)
                })
        }
        recordedRound = nil
        return podium
    }

    /// Moves the ranks now, or once the pause after the last move ends (`ranksEvery`): every
    /// player's view changes with them (their place, how many are in the room), so a burst of
    /// joins or of self-paced answers moves them once a second, not once each — 1,000 joins
    /// would otherwise recompute and send 1,000 views each. A lone change still shows at once.
    func moveRanks() {
        guard ranksPause == nil else {
            ranksDue = true
            return
        }
        refreshRanks()
        ranksPause = Task { [weak self] in
            try? await Task.sleep(for: ClassroomRound.ranksEvery)
            guard let self else { return }
            ranksPause = nil
            if ranksDue {
                ranksDue = false
                moveRanks()
            }
        }
    }

    /// Every player's place now (equal points share it).
    func refreshRanks() {
        let rows = room.roster.sorted { $0.score > $1.score }
        var ranks: [Int: Int] = [:]
        for (offset, player) in rows.enumerated() {
            ranks[player.id] = offset > 0 && rows[offset - 1].score == player.score ? ranks[rows[offset - 1].id] ?? offset + 1 : offset + 1
        }
        ranksState.value = ranks
    }

    /// The questions of the round being played, in order.
    var questions: [RoundQuestion] { questionsState.value }

    /// Question `number` of the round being played, or nil.
    func question(_ number: Int) -> RoundQuestion? {
        let questions = questionsState.value
        return questions.indices.contains(number - 1) ? questions[number - 1] : nil
    }

    // MARK: Extra time

    /// The extra time of player `playerID` (1, 1.5 or 2).
    public func timeFactor(of playerID: Int) -> Double {
        extraTimeState.value[playerID] ?? 1
    }

    /// The extra time the host gave each player who has some, by id.
    public var extraTime: [Int: Double] { extraTimeState.value }

    /// Gives player `playerID` `factor` times the time of every question (1, 1.5 or 2); their
    /// speed points are computed on their own longer timer.
    public func setTimeFactor(_ factor: Double, playerID: Int, hostKey: String) throws(ModelError) {
        try room.requireHost(hostKey)
        guard RoundTiming.timeFactors.contains(factor) else {
            throw .invalid("El tiempo extra debe ser ×1, ×1,5 o ×2.")
        }
        guard players[playerID] != nil else { throw .unknownItem(.player, id: playerID) }
        extraTimeState.update { $0[playerID] = factor == 1 ? nil : factor }
        scheduleClosing()
    }

    /// The signals player `playerID`'s view computes over, read-only: the room's, the round's
    /// and their own `progress`.
    func viewInputs(progress: State<PlayerRound.Progress>, player: ClassroomPlayer) -> RoundView.Inputs {
        RoundView.Inputs(
            room: room.signals, questions: questionsState, ranks: ranksState, extraTime: extraTimeState,
            progress: progress, playerID: player.id, name: player.name, rejoinCode: player.rejoinCode)
    }
}
