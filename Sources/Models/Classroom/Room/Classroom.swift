import Foundation
import Observation
import Signals

/// The rules of one classroom room: players join with a name and get a secret session token;
/// the host (who knows the host key) picks the game, starts a round of questions, moves
/// everybody to the next question or lets each player go at their own pace, and ends the round;
/// each player scores 1 per question answered right, once per question; at the end the podium
/// and every score go to the `Ranking`.
///
/// The round's moves (pick, start, next, pace, end, an answer's record) are internal: only
/// `ClassroomRound`, the room's one public facade for a round, makes them, so no path can move
/// on without closing the question. Every piece of state is a signal; `snapshot` (and its
/// bytes, `snapshotJSON`) is the public leaderboard, which never holds an answer or a token. Questions are known by their 1-based
/// number in the round; whether an answer is right is decided outside (the quiz server, the
/// trivia question) and given to `record(playerID:number:right:)`.
///
/// `Observable`: a player's or the host's view reading `phase`, `players`, `currentQuestion`…
/// is told of each change of what it read.
@MainActor
public final class Classroom: Observable, SignalObservable {
    /// The longest name kept, in characters (see `PlayerName`).
    public nonisolated static let maxNameLength = PlayerName.maxCharacters
    /// How many players a room holds unless told otherwise.
    public nonisolated static let defaultMaxPlayers = 1_000

    /// How many players this room holds.
    public let maxPlayers: Int
    private let hostKey: String
    // The round's rules (`ClassroomRound`) read these directly: the server subscribes to nothing.
    let playersState = State<[ClassroomPlayer]>([])
    let phaseState = State(ClassroomPhase.lobby)
    let gameState = State<ClassroomGame?>(nil)
    let totalState = State(0)
    let currentState = State(0)
    let selfPacedState = State(false)
    private let lockedState = State(false)
    let timingState = State<RoundTiming?>(nil)
    let deadlineState = State<QuestionDeadline?>(nil)
    let chartState = State<QuestionChart?>(nil)
    let openState = State<OpenQuestion?>(nil)
    let setState = State<ChosenSet?>(nil)
    /// The id of the round being played or last played (0: none yet): 1, 2, 3… in the room's life.
    let roundState = State(0)
    /// What the host is told while results cannot be written, or nil.
    private let resultsProblemState = State<String?>(nil)
    /// Player index by token and by id (the array's positions), rebuilt on every join or leave.
    private var indexByToken: [String: Int] = [:]
    private(set) var indexByID: [Int: Int] = [:]
    var nextID = 1

    /// The public state of the room.
    public let snapshot: Computed<ClassroomSnapshot>
    /// `snapshot` as JSON, encoded once per change and shared by every reader.
    public let snapshotJSON: Computed<Data>
    /// The question whose chart the room shows (0: none): it changes when a question closes,
    /// the moment every screen waits for.
    public let chartQuestion: Computed<Int>
    let observation = SignalObservation<Classroom>()

    /// An empty room whose host proves themselves with `hostKey`.
    public init(hostKey: String, maxPlayers: Int = Classroom.defaultMaxPlayers) {
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
        snapshot = Computed {
            let rows = Self.leaderboard(
                players.value, current: current.value, total: total.value, selfPaced: selfPaced.value)
            return ClassroomSnapshot(
                phase: phase.value, round: round.value, game: game.value, set: chosenSet.value, question: current.value, total: total.value,
                selfPaced: selfPaced.value, locked: locked.value, timer: timing.value,
                open: phase.value == .playing && !selfPaced.value ? open.value : nil,
                deadline: phase.value == .playing ? deadline.value : nil, chart: chart.value, players: rows,
                podium: phase.value == .finished ? Self.podium(rows) : [], resultsProblem: resultsProblem.value)
        }
        let snapshot = self.snapshot
        snapshotJSON = Computed { snapshot.value.json() }
        chartQuestion = Computed { chart.value?.question ?? 0 }
    }

    // MARK: Reading

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

    /// The player whose session token is `token`, or nil. (The server asks on every request;
    /// it reads the signal, so it subscribes nothing: a view asks `player(id:)`.)
    public func player(token: String) -> ClassroomPlayer? {
        indexByToken[token].map { playersState.value[$0] }
    }

    /// The player with the public id `id`, or nil, read without subscribing (the round's rules
    /// and the server ask; a view asks `player(id:)`).
    func unobservedPlayer(id: Int) -> ClassroomPlayer? {
        indexByID[id].map { playersState.value[$0] }
    }

    /// Every player, read without subscribing (the server's checks; a view reads `players`).
    public var roster: [ClassroomPlayer] { playersState.value }

    /// The player with the public id `id`, or nil.
    public func player(id: Int) -> ClassroomPlayer? {
        indexByID[id].map { players[$0] }
    }

    /// Whether `key` is the host key (compared in constant time).
    public func isHost(_ key: String) -> Bool {
        SecretToken.matches(key, hostKey)
    }

    // MARK: Players

    /// Adds a player called `name` (see `PlayerName`), unique in the room whatever the case,
    /// the accents or look-alike letters; gives them an id and a fresh secret token. Refused
    /// when the room is full.
    public func join(name: String, token: String = SecretToken.random()) throws(ModelError) -> ClassroomPlayer {
        let name = try PlayerName.normalized(name)
        if let index = playersState.value.firstIndex(where: { PlayerName.same($0.name, name) }) {
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
        let player = ClassroomPlayer(id: nextID, name: name, token: token, rejoinCode: Self.rejoinCode())
        nextID += 1
        playersState.update { $0.append(player) }
        reindex()
        return player
    }

    /// Gives player `name` back to whoever proves their rejoin `code` (a phone that lost its
    /// cookie): a new token, the same id and points. Refused (`forbidden`) when they do not match.
    public func rejoin(name: String, code: String, token: String = SecretToken.random()) throws(ModelError) -> ClassroomPlayer {
        let wanted = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard let index = playersState.value.firstIndex(where: { PlayerName.same($0.name, name) }),
              !wanted.isEmpty, SecretToken.matches(wanted, playersState.value[index].rejoinCode)
        else { throw .forbidden("El nombre y el código no coinciden con nadie de la clase.") }
        return takeBack(index, token: token)
    }

    /// Lets the next join with player `playerID`'s name take their place and points (the host
    /// releases the name of a student whose phone lost it).
    public func release(playerID: Int, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard let index = indexByID[playerID] else { throw .unknownItem(.player, id: playerID) }
        playersState.update { $0[index].released = true }
    }

    /// Marks the players `ids` away and every other one active (the server says who has had no
    /// open event stream for a while).
    public func setAway(_ ids: Set<Int>) {
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

    /// A short code a student can read off their screen and type: 5 letters and digits that
    /// cannot be mistaken for one another.
    static func rejoinCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<5).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// Takes a player out of the room (the host kicks them); their token stops working.
    public func remove(playerID: Int, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard indexByID[playerID] != nil else { throw .unknownItem(.player, id: playerID) }
        playersState.update { $0.removeAll { $0.id == playerID } }
        reindex()
    }

    // MARK: Host

    /// Picks the game of the next round and its timer (nil: none); not while a round is being
    /// played.
    func pick(_ game: ClassroomGame, timing: RoundTiming? = nil, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        guard phaseState.value != .playing else {
            throw .conflict("Termina la ronda antes de cambiar de juego.")
        }
        batch {
            gameState.value = game
            timingState.value = timing
        }
    }

    /// Shows the question open for the room (nil: none), its countdown (nil: none) and what the
    /// class answered to the last closed question (the round's rules decide when: `ClassroomRound`).
    func show(open: OpenQuestion?, deadline: QuestionDeadline?, chart: QuestionChart?) {
        batch {
            openState.value = open
            deadlineState.value = deadline
            chartState.value = chart
        }
    }

    /// Shows why the results cannot be written, in Spanish (nil: they are written again).
    public func showResultsProblem(_ problem: String?) {
        resultsProblemState.value = problem
    }

    /// Shows the host's set the next quizzes round plays (nil: none).
    func show(set: ChosenSet?) {
        setState.value = set
    }

    /// Starts a round of `questionCount` questions of the picked game, with the next round id:
    /// every score back to 0, everybody on question 1.
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
            phaseState.value = .playing
        }
    }

    /// Moves everybody to the next question (host-paced). Returns its number.
    @discardableResult
    func next(hostKey: String) throws(ModelError) -> Int {
        try requireHost(hostKey)
        guard phaseState.value == .playing else { throw .conflict("No hay ninguna ronda en marcha.") }
        guard currentState.value < totalState.value else {
            throw .conflict("Ya es la última pregunta: termina la ronda.")
        }
        currentState.value += 1
        return currentState.value
    }

    /// Closes the room to newcomers (`true`: a join is refused) or opens it again.
    public func setLocked(_ locked: Bool, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        lockedState.value = locked
    }

    /// Lets each player go at their own pace (`true`) or has everybody follow the host (`false`).
    func setSelfPaced(_ selfPaced: Bool, hostKey: String) throws(ModelError) {
        try requireHost(hostKey)
        selfPacedState.value = selfPaced
    }

    /// Ends the round: the podium is shown and the score of every player who answered at least
    /// once is saved in `ranking` (nil: the host chose not to). Returns the podium.
    @discardableResult
    func end(savingTo ranking: Ranking?, hostKey: String, date: Date = Date()) throws(ModelError) -> [ClassroomPodiumRow] {
        try requireHost(hostKey)
        guard phaseState.value == .playing else { throw .conflict("No hay ninguna ronda en marcha.") }
        batch {
            settle(nil)
            phaseState.value = .finished
        }
        if let ranking {
            for player in playersState.value where !player.answered.isEmpty {
                try ranking.save(name: player.name, score: player.score, date: date)
            }
        }
        return snapshot.value.podium
    }

    // MARK: Helpers

    /// Throws `forbidden` unless `key` is the host key.
    public func requireHost(_ key: String) throws(ModelError) {
        guard isHost(key) else { throw .forbidden("Solo el profesor, con la clave de anfitrión, puede hacer esto.") }
    }

    func reindex() {
        indexByToken = [:]
        indexByID = [:]
        for (index, player) in playersState.value.enumerated() {
            indexByToken[player.token] = index
            indexByID[player.id] = index
        }
    }

    private nonisolated static func leaderboard(
        _ players: [ClassroomPlayer], current: Int, total: Int, selfPaced: Bool
    ) -> [ClassroomPlayerRow] {
        let rows = players.map { player in
            ClassroomPlayerRow(
                id: player.id, name: player.name, score: player.score,
                answered: selfPaced ? total > 0 && player.answered.count == total : player.answered.contains(current),
                progress: player.answered.count, rightCount: player.rightCount, away: player.away)
        }
        // Stable: ties keep the join order.
        return rows.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// The places 1 to 3 of `rows` (already best first) among the players with points (nobody
    /// stands on the podium with 0); equal scores share a place.
    private nonisolated static func podium(_ rows: [ClassroomPlayerRow]) -> [ClassroomPodiumRow] {
        var podium: [ClassroomPodiumRow] = []
        for (offset, row) in rows.enumerated() where row.score > 0 {
            let position = offset > 0 && rows[offset - 1].score == row.score ? podium[offset - 1].position : offset + 1
            guard position <= 3 else { break }
            podium.append(ClassroomPodiumRow(position: position, id: row.id, name: row.name, score: row.score))
        }
        return podium
    }
}
