import Foundation
import Observation
import Signals

/// The room of a class, read-only outside this module: its players, its phase, which question
/// is open or closed, the scores and the public leaderboard. `ClassroomRound`, the one public
/// type the app drives, owns it and makes every change; a host's screen (SwiftUI) reads it.
///
/// Its state is `private` to this file, and each internal method that writes it keeps one rule
/// of the room: a host-paced question closes (`close(_:chart:)`: its chart shown, the points
/// held for it counted) before the room moves on (`advance`, `end` refuse while it is open), so
/// no path, whatever its entry point, moves to the next question without its answer on every
/// screen. Players join with a name and get a secret session token; the host (who knows the
/// host key) picks the game, starts a round, moves everybody on or lets each player go at their
/// own pace, and ends it; at the end the podium and every score go to the `Ranking`. `snapshot`
/// (and its bytes, `snapshotJSON`) is the public leaderboard, which never holds an answer or a
/// token. Questions are known by their 1-based number in the round; whether an answer is right
/// is decided outside and given to `record(_:right:points:held:)`.
///
/// The file is longer than most: every write of the room's state is here, where the state is
/// private.
///
/// `Observable`: a view reading `phase`, `players`, `currentQuestion`… is told of each change
/// of what it read.
@MainActor
public final class Classroom: Observable, SignalObservable {
    /// The longest name kept, in characters (see `PlayerName`).
    public nonisolated static let maxNameLength = PlayerName.maxCharacters
    /// How many players a room holds unless told otherwise.
    public nonisolated static let defaultMaxPlayers = 1_000

    /// How many players this room holds.
    public let maxPlayers: Int
    private let hostKey: String
    private let playersState = State<[ClassroomPlayer]>([])
    private let phaseState = State(ClassroomPhase.lobby)
    private let gameState = State<ClassroomGame?>(nil)
    private let totalState = State(0)
    private let currentState = State(0)
    private let selfPacedState = State(false)
    private let lockedState = State(false)
    private let timingState = State<RoundTiming?>(nil)
    private let deadlineState = State<QuestionDeadline?>(nil)
    private let chartState = State<QuestionChart?>(nil)
    private let openState = State<OpenQuestion?>(nil)
    /// The questions closed for the room; a closed question never opens again in the round.
    private let closedState = State<Set<Int>>([])
    private let setState = State<ChosenSet?>(nil)
    /// The id of the round being played or last played (0: none yet): 1, 2, 3… in the room's life.
    private let roundState = State(0)
    /// What the host is told while results cannot be written, or nil.
    private let resultsProblemState = State<String?>(nil)
    /// Player index by token, by id and by name (`PlayerName.Keys`: either key finds them), the
    /// array's positions: added to on a join, rebuilt when a player leaves or comes back.
    private var indexByToken: [String: Int] = [:]
    private var indexByID: [Int: Int] = [:]
    private var indexByPlainName: [String: Int] = [:]
    private var indexBySkeleton: [String: Int] = [:]
    /// Each player's name keys, worked out once (by id).
    private var nameKeys: [Int: PlayerName.Keys] = [:]
    private var nextID = 1

    /// The public state of the room.
    public let snapshot: Computed<ClassroomSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    /// The question whose chart the room shows (0: none): it changes when a question closes,
    /// the moment every screen waits for.
    public let chartQuestion: Computed<Int>
    let observation = SignalObservation<Classroom>()

    /// The room's signals, read-only: what each player's view computes over (`RoundView.Inputs`).
    struct ReadOnlySignals: Sendable {
        let players: any ReadableSignal<[ClassroomPlayer]>
        let phase: any ReadableSignal<ClassroomPhase>
        let game: any ReadableSignal<ClassroomGame?>
        let round: any ReadableSignal<Int>
        let current: any ReadableSignal<Int>
        let total: any ReadableSignal<Int>
        let selfPaced: any ReadableSignal<Bool>
        let timing: any ReadableSignal<RoundTiming?>
        let open: any ReadableSignal<OpenQuestion?>
        let chart: any ReadableSignal<QuestionChart?>
        let closed: any ReadableSignal<Set<Int>>
    }

    /// The room's signals, to read (a view's `Computed`) and never to write.
    let signals: ReadOnlySignals

    /// An empty room whose host proves themselves with `hostKey` (`ClassroomRound` makes it).
    init(hostKey: String, maxPlayers: Int = Classroom.defaultMaxPlayers) {
        self.hostKey = hostKey
        self.maxPlayers = maxPlayers
        let players = playersState
        let phase = phaseState
        let game = gameState
        let total = totalState
        let current = currentState
        let selfPaced = selfPacedState
        let locked = lockedState
        let timing = timingState
        let deadline = deadlineState
        let chart = chartState
        let open = openState
        let chosenSet = setState
        let round = roundState
        let resultsProblem = resultsProblemState
        signals = ReadOnlySignals(
            players: players, phase: phase, game: game, round: round, current: current, total: total, selfPaced: selfPaced,
            timing: timing, open: open, chart: chart, closed: closedState)
        snapshot = Computed {
            let rows = ClassroomSnapshot.leaderboard(
                players.value, current: current.value, total: total.value, selfPaced: selfPaced.value)
            return ClassroomSnapshot(
                phase: phase.value, round: round.value, game: game.value, set: chosenSet.value, question: current.value, total: total.value,
                selfPaced: selfPaced.value, locked: locked.value, timer: timing.value,
                open: phase.value == .playing && !selfPaced.value ? open.value : nil,
                deadline: phase.value == .playing ? deadline.value : nil, chart: chart.value, players: rows,
                podium: phase.value == .finished ? ClassroomSnapshot.podium(rows) : [], resultsProblem: resultsProblem.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        chartQuestion = Computed { chart.value?.question ?? 0 }
    }

    // MARK: Reading (a view: observed)

    /// Every player, in join order.
    public var players: [ClassroomPlayer] { observed(playersState, \.players) }
    /// Where the room is.
    public var phase: ClassroomPhase { observed(phaseState, \.phase) }
    /// The game picked, or nil.
    public var game: ClassroomGame? { observed(gameState, \.game) }
    /// The question everybody is on (host-paced), 1-based; 0 before the first round.
    public var currentQuestion: Int { observed(currentState, \.currentQuestion) }
    /// How many questions the round has.
    public var questionCount: Int { observed(totalState, \.questionCount) }
    /// Whether each player goes at their own pace.
    public var selfPaced: Bool { observed(selfPacedState, \.selfPaced) }
    /// Whether the host closed the room to newcomers.
    public var locked: Bool { observed(lockedState, \.locked) }
    /// The timer of the round picked or being played (nil: none).
    public var timing: RoundTiming? { observed(timingState, \.timing) }
    /// The open question's countdown (host-paced, timed), or nil.
    public var deadline: QuestionDeadline? { observed(deadlineState, \.deadline) }
    /// What the class answered to the last closed question, or nil.
    public var chart: QuestionChart? { observed(chartState, \.chart) }
    /// The question open for the room (host-paced), or nil.
    public var openQuestion: OpenQuestion? { observed(openState, \.openQuestion) }
    /// The id of the round being played or last played (0: none yet).
    public var round: Int { observed(roundState, \.round) }
    /// The host's set the next quizzes round plays, or nil.
    public var chosenSet: ChosenSet? { observed(setState, \.chosenSet) }

    /// The player with the public id `id`, or nil.
    public func player(id: Int) -> ClassroomPlayer? {
        indexByID[id].map { players[$0] }
    }

    // MARK: Reading (the server and the round's rules: unobserved, subscribing nothing)

    /// The player whose session token is `token`, or nil (the server asks on every request).
    public func player(token: String) -> ClassroomPlayer? {
        indexByToken[token].map { playersState.value[$0] }
    }

    /// The player with the public id `id`, or nil.
    func unobservedPlayer(id: Int) -> ClassroomPlayer? {
        indexByID[id].map { playersState.value[$0] }
    }

    /// Every player (the server's checks; a view reads `players`).
    public var roster: [ClassroomPlayer] { playersState.value }

    /// Whether `key` is the host key (compared in constant time).
    public func isHost(_ key: String) -> Bool {
        SecretToken.matches(key, hostKey)
    }

    /// Whether a round is being played.
    var isPlaying: Bool { phaseState.value == .playing }
    /// Whether each player goes at their own pace.
    var isSelfPaced: Bool { selfPacedState.value }
    /// Whether the host closed the room to newcomers.
    var isLocked: Bool { lockedState.value }
    /// The room's question (host-paced), unobserved.
    var currentQuestionNumber: Int { currentState.value }
    /// The set the room shows as picked, or nil.
    var shownSet: ChosenSet? { setState.value }
    /// The room's question while a host-paced round is played, or nil.
    var hostPacedQuestion: Int? { isPlaying && !selfPacedState.value ? currentState.value : nil }
    /// The questions closed for the room in the round.
    var closedQuestions: Set<Int> { closedState.value }
    /// The id of the round being played or last played.
    var roundID: Int { roundState.value }
    /// The game and timer the next round plays.
    var picked: (game: ClassroomGame?, timing: RoundTiming?) { (gameState.value, timingState.value) }

    // MARK: Players

    /// Adds a player called `name` (see `PlayerName`), unique in the room whatever the case,
    /// the accents or look-alike letters; gives them an id and a fresh secret token. Refused
    /// when the room is full.
    func join(name: String, token: String = SecretToken.random()) throws(ModelError) -> ClassroomPlayer {
        let name = try PlayerName.normalized(name)
        if let index = index(named: name) {
            // A name the host released is taken back, with its points, by whoever joins with it.
            guard playersState.value[index].released else {
                throw .conflict("Ya hay alguien llamado «\(name)» en la clase: elige otro nombre, o vuelve con tu código.")
            }
            return takeBack(index, token: token)
        }
        guard !lockedState.value else {
            throw .forbidden("La clase está cerrada: el profesor no deja entrar a nadie más.")
        }
        guard playersState.value.count < maxPlayers else {
            throw .conflict("La clase está llena: ya hay \(maxPlayers) jugadores.")
        }
        let player = ClassroomPlayer(id: nextID, name: name, token: token, rejoinCode: SecretToken.rejoinCode())
        nextID += 1
        playersState.update { $0.append(player) }
        index(player, at: playersState.value.count - 1)
        return player
    }

    /// Gives player `name` back to whoever proves their rejoin `code` (a phone that lost its
    /// cookie): a new token, the same id and points. Refused (`forbidden`) when they do not match.
    func rejoin(name: String, code: String, token: String = SecretToken.random()) throws(ModelError) -> ClassroomPlayer {
        let wanted = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard let index = index(named: name),
              !wanted.isEmpty, SecretToken.matches(wanted, playersState.value[index].rejoinCode)
        else { throw .forbidden("El nombre y el código no coinciden con nadie de la clase.") }
        return takeBack(index, token: token)
    }

    /// Lets the next join with player `playerID`'s name take their place and points. Returns
    /// the player as they are now.
    @discardableResult
    func release(playerID: Int, hostKey: String) throws(ModelError) -> ClassroomPlayer {
        try requireHost(hostKey)
        guard let index = indexByID[playerID] else { throw .unknownItem(.player, id: playerID) }
        return playersState.update {
            $0[index].released = true
            return $0[index]
        }
    }

    /// Marks the players `ids` away and every other one active.
    func setAway(_ ids: Set<Int>) {
        guard playersState.value.contains(where: { $0.away != ids.contains($0.id) }) else { return }
        playersState.update { players in
            for index in players.indices { players[index].away = ids.contains(players[index].id) }
        }
    }

    /// Player at `index` with a new token (the old one stops working), active again.
    private func takeBack(_ index: Int, token: String) -> ClassroomPlayer {
        let player = playersState.update { players in
            players[index].token = token
            players[index].released = false
            players[index].away = false
            return players[index]
        }
        reindex()
        return player
    }

    /// Takes a player out of the room (the host kicks them); their token stops working.
    func remove(playerID: Int, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard indexByID[playerID] != nil else { throw .unknownItem(.player, id: playerID) }
        playersState.update { $0.removeAll { $0.id == playerID } }
        reindex()
    }

    // MARK: Host

    /// Throws `forbidden` unless `key` is the host key.
    func requireHost(_ key: String) throws(ModelError) {
        guard isHost(key) else { throw .forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.") }
    }

    /// Closes the room to newcomers (`true`: a join is refused) or opens it again.
    func setLocked(_ locked: Bool, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        lockedState.value = locked
    }

    /// Shows why the results cannot be written, in Spanish (nil: they are written again).
    func showResultsProblem(_ problem: String?) {
        resultsProblemState.value = problem
    }

    /// Picks the game of the next round, its timer (nil: none) and the host's set it plays (nil:
    /// none); not while a round is being played.
    func pick(_ game: ClassroomGame, timing: RoundTiming? = nil, set: ChosenSet? = nil, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard phaseState.value != .playing else {
            throw .conflict("Termina la ronda antes de cambiar de juego.")
        }
        batch {
            gameState.value = game
            timingState.value = timing
            setState.value = set
        }
    }

    /// Shows the host's set the next quizzes round plays (the host edited it), unless a round
    /// is being played.
    func show(set: ChosenSet) {
        guard phaseState.value != .playing else { return }
        setState.value = set
    }

    // MARK: The round's moves

    /// Starts a round of `questionCount` questions of the picked game, with the next round id:
    /// every score back to 0, everybody on question 1, nothing open, closed or charted.
    func start(questionCount: Int, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard gameState.value != nil else { throw .conflict("Elige primero el juego de la ronda.") }
        guard phaseState.value != .playing else { throw .conflict("Ya hay una ronda en marcha.") }
        guard questionCount > 0 else { throw .invalid("Una ronda necesita al menos una pregunta.") }
        batch {
            playersState.update { players in
                for index in players.indices {
                    players[index].answered = []
                    players[index].score = 0
                    players[index].points = [:]
                    players[index].rightCount = 0
                    players[index].held = [:]
                }
            }
            roundState.value += 1
            totalState.value = questionCount
            currentState.value = 1
            deadlineState.value = nil
            chartState.value = nil
            openState.value = nil
            closedState.value = []
            phaseState.value = .playing
        }
    }

    /// Shows `question` as the room's open question with its countdown (nil: none): only the
    /// room's current question, host-paced, not closed (else nothing changes). The last chart
    /// stays until this one closes.
    func open(_ question: OpenQuestion, deadline: QuestionDeadline?) {
        guard hostPacedQuestion == question.number, !closedState.value.contains(question.number) else { return }
        batch {
            openState.value = question
            deadlineState.value = deadline
        }
    }

    /// Closes question `number` for the room for good: its chart is shown (the projector's
    /// answer), its countdown goes, and the points held for it join the scores. False (nothing
    /// changes) when it was closed already.
    @discardableResult
    func close(_ number: Int, chart: QuestionChart) -> Bool {
        guard isPlaying, !closedState.value.contains(number) else { return false }
        batch {
            closedState.update { _ = $0.insert(number) }
            deadlineState.value = nil
            chartState.value = chart
            // The scores after the chart: a topic's queue may read the room in the middle of
            // this batch, and must never send them before it (`ClassroomSnapshot.firstStep`).
            settle(number)
        }
        return true
    }

    /// Throws unless the room may move on from its question: self-paced, or host-paced once it
    /// is closed (`close`), so that its answer reached every screen first.
    private func checkClosed() throws(ModelError) {
        guard let current = hostPacedQuestion, !closedState.value.contains(current) else { return }
        throw .conflict("Muestra primero la respuesta de la pregunta \(current).")
    }

    /// Moves everybody to the next question; host-paced, only once the room's question is
    /// closed. Returns its number.
    @discardableResult
    func advance(hostKey: String) throws(ModelError) -> Int {
        try requireHost(hostKey)
        guard phaseState.value == .playing else { throw .conflict("No hay ninguna ronda en marcha.") }
        guard currentState.value < totalState.value else {
            throw .conflict("Ya es la última pregunta: termina la ronda.")
        }
        try checkClosed()
        currentState.value += 1
        return currentState.value
    }

    /// Lets each player go at their own pace (`true`) or has everybody follow the host (`false`).
    /// Turned self-paced during a round, the room shows no open question and the points held for
    /// its question count now (from here each goes at their pace). Returns the room's question
    /// when the pace changed during a round, else nil.
    @discardableResult
    func setSelfPaced(_ selfPaced: Bool, hostKey: String) throws(ModelError) -> Int? {
        try requireHost(hostKey)
        guard selfPacedState.value != selfPaced else { return nil }
        return batch {
            selfPacedState.value = selfPaced
            guard phaseState.value == .playing else { return nil }
            if selfPaced {
                settle(currentState.value)
                openState.value = nil
                deadlineState.value = nil
            }
            return currentState.value
        }
    }

    /// Ends the round, host-paced only once its question is closed: every question closes, the
    /// podium is shown and the score of every player who answered at least once is saved in
    /// `ranking` (nil: the host chose not to). Returns the podium.
    @discardableResult
    func end(savingTo ranking: Ranking?, hostKey: String, date: Date = Date()) throws(ModelError) -> [ClassroomPodiumRow] {
        try requireHost(hostKey)
        guard phaseState.value == .playing else { throw .conflict("No hay ninguna ronda en marcha.") }
        try checkClosed()
        batch {
            settle(nil)
            closedState.value = Set(1...max(1, totalState.value))
            openState.value = nil
            deadlineState.value = nil
            phaseState.value = .finished
        }
        if let ranking {
            for player in playersState.value where !player.answered.isEmpty {
                try ranking.save(name: player.name, score: player.score, date: date)
            }
        }
        return snapshot.value.podium
    }

    /// The room as it was kept: `players`, round id `round`, and (`finished`) that round of
    /// `game` and `questionCount` questions over, with its podium; else the lobby. `set`: the
    /// host's set picked again.
    func restore(
        _ players: [ClassroomPlayer], round: Int, game: ClassroomGame?, questionCount: Int, finished: Bool, set: ChosenSet?
    ) {
        batch {
            playersState.value = players
            roundState.value = round
            gameState.value = game
            totalState.value = questionCount
            currentState.value = finished ? questionCount : 0
            phaseState.value = finished ? .finished : .lobby
            if let set { setState.value = set }
        }
        renumber()
    }

    /// The room as it was kept in the middle of a round (`RoundCheckpoint`): `players` with
    /// their answers and held points, round `round` of `game` (`set`) playing, on question
    /// `current` of `questionCount`, `closed` closed (the room's question's `chart` shown when
    /// it is one of them), the pace, the lock and the timer as they were. Nothing is open: the
    /// round opens its question again.
    func resume(
        _ players: [ClassroomPlayer], round: Int, game: ClassroomGame, set: ChosenSet?, questionCount: Int, current: Int,
        closed: Set<Int>, selfPaced: Bool, locked: Bool, timing: RoundTiming?, chart: QuestionChart?
    ) {
        batch {
            playersState.value = players
            roundState.value = round
            gameState.value = game
            setState.value = set
            totalState.value = questionCount
            currentState.value = current
            closedState.value = closed
            selfPacedState.value = selfPaced
            lockedState.value = locked
            timingState.value = timing
            chartState.value = chart
            openState.value = nil
            deadlineState.value = nil
            phaseState.value = .playing
        }
        renumber()
    }

    // MARK: Answers

    /// A player's leave to answer a question now (`checkMayAnswer`): their place in the
    /// players and the question.
    struct MayAnswer {
        fileprivate let index: Int
        let number: Int
    }

    /// Throws, with a message for the player, unless player `playerID` may answer question
    /// `number` now: a round is on, the number exists, the player has not answered it yet and,
    /// host-paced, it is the current question. The leave it returns is good until the room
    /// changes: `record(_:right:points:held:)` it at once, with no suspension in between.
    func checkMayAnswer(playerID: Int, number: Int) throws(ModelError) -> MayAnswer {
        guard let index = indexByID[playerID] else { throw .unknownItem(.player, id: playerID) }
        guard phaseState.value == .playing else { throw .conflict("La ronda no está en marcha.") }
        guard (1...totalState.value).contains(number) else {
            throw .invalid("La ronda no tiene pregunta \(number).")
        }
        guard !playersState.value[index].answered.contains(number) else {
            throw .conflict("Ya has respondido a esta pregunta.")
        }
        let leave = MayAnswer(index: index, number: number)
        if selfPacedState.value { return leave }
        let current = currentState.value
        if number > current { throw .conflict("Espera: todavía vamos por la pregunta \(current).") }
        if number < current { throw .conflict("La pregunta \(number) ya está cerrada: vamos por la \(current).") }
        return leave
    }

    /// Records the answer `checkMayAnswer` just allowed (`leave`): it adds `points` to the
    /// player's score (by default 1 for a right one) and counts a right one (`right` nil: a
    /// poll's, neither); `held` (host-paced), only when the question closes, so nothing public
    /// tells who was right before. Returns the player as they are now.
    @discardableResult
    func record(_ leave: MayAnswer, right: Bool?, points: Int? = nil, held: Bool = false) -> ClassroomPlayer {
        let index = leave.index
        let number = leave.number
        return playersState.update { players in
            let earned = points ?? (right == true ? 1 : 0)
            players[index].answered.insert(number)
            if held {
                players[index].held[number] = ClassroomPlayer.HeldAnswer(points: earned, right: right == true)
            } else {
                Self.count(earned, right: right == true, question: number, for: &players[index])
            }
            return players[index]
        }
    }

    /// Question `number` closed (nil: every question, the round ended) or stopped being the
    /// room's: the points held for it join every player's score, points and right answers, all
    /// together.
    private func settle(_ number: Int?) {
        guard playersState.value.contains(where: { $0.held.keys.contains { number == nil || $0 == number } }) else { return }
        playersState.update { players in
            for index in players.indices {
                for (question, answer) in players[index].held where number == nil || question == number {
                    Self.count(answer.points, right: answer.right, question: question, for: &players[index])
                    players[index].held[question] = nil
                }
            }
        }
    }

    private static func count(_ earned: Int, right: Bool, question: Int, for player: inout ClassroomPlayer) {
        if right { player.rightCount += 1 }
        player.points[question] = earned
        player.score += earned
    }

    /// The next player's id follows the players taken back, and the indexes know them.
    private func renumber() {
        nextID = (playersState.value.map(\.id).max() ?? 0) + 1
        reindex()
    }

    private func reindex() {
        indexByToken = [:]
        indexByID = [:]
        indexByPlainName = [:]
        indexBySkeleton = [:]
        let ids = Set(playersState.value.map(\.id))
        nameKeys = nameKeys.filter { ids.contains($0.key) }
        for (index, player) in playersState.value.enumerated() { self.index(player, at: index) }
    }

    /// Adds `player`, at `index` in the roster, to the indexes.
    private func index(_ player: ClassroomPlayer, at index: Int) {
        indexByToken[player.token] = index
        indexByID[player.id] = index
        let keys = nameKeys[player.id] ?? PlayerName.Keys(player.name)
        nameKeys[player.id] = keys
        indexByPlainName[keys.plain] = index
        indexBySkeleton[keys.skeleton] = index
    }

    /// The index of the player whose name is the same as `name` to a reader (`PlayerName.same`).
    private func index(named name: String) -> Int? {
        let keys = PlayerName.Keys(name)
        return indexByPlainName[keys.plain] ?? indexBySkeleton[keys.skeleton]
    }
}
