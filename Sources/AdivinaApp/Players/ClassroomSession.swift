import Foundation
import HTTPServer
import Models

/// The classroom mode's wiring around the round (`ClassroomRound`, whose rules live in Models):
/// who is asking (the player cookie, the host key), each player's rate limit, one `PlayerModels`
/// per joined player (their topics named `player/<id>/<app>`), and the leaderboard's topic.
@MainActor
final class ClassroomSession {
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

    /// The round's rules, over the room.
    let round: ClassroomRound
    /// The room: players, phase, scores, the leaderboard.
    var room: Classroom { round.room }
    /// The address students open (printed on start, shown as a QR code).
    let joinURL: URL
    /// The public topic `classroom`: the leaderboard.
    let topic: LiveTopic
    /// The host's quiz sets, kept in the store (nil without one).
    nonisolated let sets: QuizSetStore?
    private let services: RemoteServices
    private let store: Store?
    private let hub: SSEHub
    private let registry: TopicRegistry
    private let ranking: Ranking
    private var models: [Int: PlayerModels] = [:]
    private var buckets: [Int: TokenBucket] = [:]

    /// A room with `hostKey`, publishing on `hub` and registering topics in `registry`.
    init(
        hostKey: String, joinURL: URL, services: RemoteServices, store: Store?, hub: SSEHub,
        registry: TopicRegistry, ranking: Ranking
    ) {
        let room = Classroom(hostKey: hostKey)
        round = ClassroomRound(room: room, quizClient: services.quizClient, triviaClient: services.triviaClient)
        self.joinURL = joinURL
        self.services = services
        self.store = store
        sets = store.map { QuizSetStore(store: $0) }
        self.hub = hub
        self.registry = registry
        self.ranking = ranking
        topic = LiveTopic(
            name: Topic.classroom.rawValue, snapshot: room.snapshot, json: room.snapshotJSON, hub: hub,
            spacing: Self.leaderboardSpacing)
        registry.register([topic])
    }

    // MARK: Players

    /// Adds a player called `name` with their own models; the round shows them its questions.
    func join(name: String) throws(ModelError) -> ClassroomPlayer {
        try round.join(name: name) { player in
            let models = PlayerModels(
                services: services, store: store, hub: hub, seat: ClassroomSeat(round: round, playerID: player.id))
            self.models[player.id] = models
            registry.register(models.topics.all)
            return models.roundSeat
        }
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
        try round.remove(playerID: playerID, hostKey: hostKey)
        if let models = models.removeValue(forKey: playerID) {
            models.cancel()
            registry.unregister(models.topics.all)
        }
        buckets[playerID] = nil
    }

    /// Ends the round: the podium, and the scores into the ranking if `savingToRanking`.
    func end(hostKey: String, savingToRanking: Bool) throws(ModelError) -> [ClassroomPodiumRow] {
        try round.end(savingTo: savingToRanking ? ranking : nil, hostKey: hostKey)
    }
}
