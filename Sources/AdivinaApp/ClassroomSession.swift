import Foundation
import HTTPServer
import Models

/// The classroom mode's wiring: the room (`Classroom`), one `PlayerModels` per joined player
/// (their topics named `player/<id>/<app>`), the round's questions (downloaded once and shown
/// to every player), each player's rate limit, and the host's actions.
@MainActor
final class ClassroomSession {
    /// Questions in a round.
    static let questionsPerRound = 10
    /// The cookie that holds a player's session token.
    nonisolated static let playerCookie = "adivina_player"
    /// The cookie that tells the pages this browser is a classroom player's: `1`, not a secret
    /// and readable by scripts (see `ClassroomRoutes` for the rule).
    nonisolated static let markerCookie = "adivina_clase"
    /// The cookie that holds the host key after `POST /api/classroom/host/login`.
    nonisolated static let hostCookie = "adivina_host"
    /// The least time between two leaderboard events: 10 µs for each viewer, at most 25 ms (a
    /// projector and a few tabs get every change at once; 1,000 viewers one event every 10 ms).
    nonisolated static let leaderboardSpacing = LiveTopic.Spacing(perSubscriber: .microseconds(10), limit: .milliseconds(25))
    /// Requests a second each player may make on average, and in a burst.
    static let playerRate = (perSecond: 10.0, burst: 20.0)

    /// The room's rules and state.
    let room: Classroom
    /// The address students open (printed on start, shown as a QR code).
    let joinURL: URL
    /// The public topic `classroom`: the leaderboard.
    let topic: LiveTopic
    private let hostKey: String
    private let services: RemoteServices
    private let store: Store?
    private let hub: SSEHub
    private let registry: TopicRegistry
    private let ranking: Ranking
    private var models: [Int: PlayerModels] = [:]
    private var buckets: [Int: TokenBucket] = [:]
    private var roundQuizzes: [QuizItem] = []
    private var roundTrivia: [TriviaQuestion] = []
    private var starting = false

    /// A room with `hostKey`, publishing on `hub` and registering topics in `registry`.
    init(
        hostKey: String, joinURL: URL, services: RemoteServices, store: Store?, hub: SSEHub,
        registry: TopicRegistry, ranking: Ranking
    ) {
        room = Classroom(hostKey: hostKey)
        self.hostKey = hostKey
        self.joinURL = joinURL
        self.services = services
        self.store = store
        self.hub = hub
        self.registry = registry
        self.ranking = ranking
        topic = LiveTopic(
            name: "classroom", snapshot: room.snapshot, json: room.snapshotJSON, hub: hub,
            spacing: Self.leaderboardSpacing)
        registry.register([topic])
    }

    // MARK: Players

    /// Adds a player called `name` with their own models; shows them the round if one is on.
    func join(name: String) throws(ModelError) -> ClassroomPlayer {
        let player = try room.join(name: name)
        let models = PlayerModels(
            services: services, store: store, hub: hub, topicPrefix: "player/\(player.id)/",
            seat: ClassroomSeat(session: self, playerID: player.id))
        self.models[player.id] = models
        registry.register(models.topics.values)
        if room.phase == .playing { showRound(to: models) }
        return player
    }

    /// The player whose cookie the request carries and their models: 401 without a valid
    /// cookie, 429 when the player is over their rate.
    func player(for request: HTTPRequest) throws(HTTPError) -> (player: ClassroomPlayer, models: PlayerModels) {
        guard let token = request.cookie(Self.playerCookie), let player = room.player(token: token),
              let models = models[player.id]
        else { throw HTTPError(.unauthorized, message: "Únete primero a la clase con tu nombre.") }
        var bucket = buckets[player.id] ?? TokenBucket(perSecond: Self.playerRate.perSecond, burst: Self.playerRate.burst)
        let allowed = bucket.take()
        buckets[player.id] = bucket
        guard allowed else {
            throw HTTPError(.tooManyRequests, message: "Demasiadas peticiones: espera un momento.")
        }
        return (player, models)
    }

    /// The host key the request carries (header `X-Host-Key` or the host cookie): 401 without
    /// one, 403 for a wrong one.
    func hostKey(of request: HTTPRequest) throws(HTTPError) -> String {
        guard let key = request.headers["X-Host-Key"] ?? request.cookie(Self.hostCookie) else {
            throw HTTPError(.unauthorized, message: "Falta la clave de anfitrión: entra como profesor.")
        }
        guard room.isHost(key) else { throw HTTPError(.forbidden, message: "La clave de anfitrión no es correcta.") }
        return key
    }

    /// Takes a player out of the room: their cookie stops working and their topics end.
    func kick(playerID: Int, hostKey: String) throws(ModelError) {
        try room.remove(playerID: playerID, hostKey: hostKey)
        if let models = models.removeValue(forKey: playerID) {
            models.cancel()
            registry.unregister(models.topics.values)
        }
        buckets[playerID] = nil
    }

    // MARK: Host

    /// Downloads the picked game's questions once and starts the round for every player.
    func start(hostKey: String) async throws(ModelError) {
        try room.requireHost(hostKey)
        guard let game = room.game else { throw .conflict("Elige primero el juego de la ronda.") }
        guard room.phase != .playing, !starting else { throw .conflict("Ya hay una ronda en marcha.") }
        starting = true
        defer { starting = false }
        let count: Int
        do throws(RemoteError) {
            switch game {
            case .quizzes:
                roundQuizzes = Array(try await services.quizClient.random10().elements.prefix(Self.questionsPerRound))
                count = roundQuizzes.count
            case .trivia:
                roundTrivia = Array(
                    try await services.triviaClient.questions(amount: Self.questionsPerRound).elements
                        .prefix(Self.questionsPerRound))
                count = roundTrivia.count
            }
        } catch {
            throw .remote(error)
        }
        guard count > 0 else { throw .remote(.malformed("no hay preguntas para la ronda")) }
        try room.start(questionCount: count, hostKey: hostKey)
        for player in models.values { showRound(to: player) }
    }

    /// Moves everybody to the next question; trivia games of players who did not answer skip on.
    func next(hostKey: String) throws(ModelError) -> Int {
        let number = try room.next(hostKey: hostKey)
        if room.game == .trivia {
            for player in models.values { player.trivia.moveOn(to: number) }
        }
        return number
    }

    /// Ends the round: podium, scores into the ranking.
    func end(hostKey: String) throws(ModelError) -> [ClassroomPodiumRow] {
        try room.end(savingTo: ranking, hostKey: hostKey)
    }

    // MARK: Answers

    /// Checks player `playerID`'s answer to quiz `quizID` of the round with the quiz server and
    /// records it in the room (once per question; host-paced, only the current one).
    func checkQuiz(playerID: Int, quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult {
        guard room.game == .quizzes, room.phase == .playing,
              let index = roundQuizzes.firstIndex(where: { $0.id == quizID })
        else { throw .conflict("Esa pregunta no es de la ronda en marcha.") }
        try room.checkMayAnswer(playerID: playerID, number: index + 1)
        guard let quizzes = models[playerID]?.quizzes else { throw .unknownItem(.player, id: playerID) }
        let result = try await quizzes.check(quizID: quizID, answer: answer)
        try room.record(playerID: playerID, number: index + 1, right: result.result)
        return result
    }

    /// Answers player `playerID`'s current trivia question and records it in the room.
    func answerTrivia(playerID: Int, index: Int) throws(ModelError) -> TriviaAnswer {
        guard room.game == .trivia, room.phase == .playing, let game = models[playerID]?.trivia else {
            throw .conflict("No hay ninguna ronda de trivia en marcha.")
        }
        guard game.phase.value == .playing else { throw .conflict("Ya has respondido todas las preguntas.") }
        try room.checkMayAnswer(playerID: playerID, number: game.snapshot.value.number)
        let report = try game.answer(index: index)
        try room.record(playerID: playerID, number: report.number, right: report.right)
        return report
    }

    /// Shows the round's questions in a player's model of the round's game.
    private func showRound(to player: PlayerModels) {
        switch room.game {
        case .quizzes: player.quizzes.show(roundQuizzes)
        case .trivia:
            player.trivia.play(roundTrivia)
            if !room.selfPaced { player.trivia.moveOn(to: room.currentQuestion) }
        case nil: break
        }
    }
}
