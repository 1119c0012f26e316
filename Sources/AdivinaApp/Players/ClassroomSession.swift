import Foundation
import HTTPServer
import Models
import Signals

/// The classroom mode's wiring around the round (`ClassroomRound`, whose rules live in Models):
/// who is asking (the player cookie, the host key), each player's rate limit, one `ClassPlayer`
/// per joined player (their view of the round, topic `player/<id>/round`), and the leaderboard's
/// topic.
@MainActor
final class ClassroomSession {
    /// The cookie that holds a player's session token.
    nonisolated static let playerCookie = "adivina_player"
    /// The cookie that tells the pages this browser is a classroom player's: `1`, not a secret
    /// and readable by scripts (see `ClassroomRoutes` for the rule).
    nonisolated static let markerCookie = "adivina_clase"
    /// The cookie that holds the host key after `POST /api/classroom/host/login`.
    nonisolated static let hostCookie = "adivina_host"
    /// The least time between two leaderboard events: 15 µs for each viewer, at most 50 ms (a
    /// projector and a few tabs get every change at once; 2,000 viewers one event every 30 ms,
    /// 3,000 every 45 ms, each carrying every answered mark and score since the last). Tuned on
    /// both classroom benchmarks (docs/benchmarks.md): at 10 µs and 25 ms, 1,000 answers in 3 s
    /// made ~120 events a question for each of 3,000 viewers and the close's chart waited behind
    /// them; at 50 µs and 150 ms, a self-paced score took 54 ms (p50) to reach 2,000 viewers. The
    /// chart goes out at once whatever the spacing (`chartWatch`).
    nonisolated static let leaderboardSpacing = LiveTopic.Spacing(perSubscriber: .microseconds(15), limit: .milliseconds(50))
    /// Requests a second each player may make on average, and in a burst.
    nonisolated static let playerRate = (perSecond: 10.0, burst: 20.0)
    /// Joins one client address may make: 5 at once, then 5 a minute (a student who mistypes
    /// their name tries again; a script can't fill the room). Loopback is not limited.
    static let joinRate = (perSecond: 5.0 / 60, burst: 5.0)
    /// Event streams one client address may have open at once: generous, a student may have
    /// several tabs. Loopback is not limited.
    nonisolated static let streamsPerClient = 12
    /// Join buckets kept before the idle ones are forgotten.
    private static let maxJoinBuckets = 4096

    /// The room and its round: the one model the session drives (the room's reads too).
    let round: ClassroomRound
    /// The address students open (printed on start, shown as a QR code).
    let joinURL: URL
    /// The public topic `classroom`: the leaderboard.
    let topic: LiveTopic
    /// The host key and the devices that keep getting it wrong.
    nonisolated let hostKeys: HostKeyGuard
    /// The host's quiz sets, kept in the store (nil without one).
    nonisolated let sets: QuizSetStore?
    /// Every round's results, kept in the store (nil without one); the round's recorder.
    nonisolated let results: RoundResultsStore?
    private let hub: SSEHub
    private let registry: TopicRegistry
    private let ranking: Ranking
    private var classPlayers: [Int: ClassPlayer] = [:]
    /// Who is who, and each player's rate, for any thread (kept in step with `classPlayers`).
    private nonisolated let players = PlayerTable(rate: ClassroomSession.playerRate)
    private var joinBuckets: [String: TokenBucket] = [:]
    /// Each player's client address when they joined (for a ban).
    private var addresses: [Int: String] = [:]
    /// Addresses the host banned with a removed player, until the round ends.
    private var banned: Set<String> = []
    /// When each player last had an open event stream (or joined).
    private var lastSeen: [Int: Date] = [:]
    private var awayWatch: Task<Void, Never>?
    /// Keeps the subscription that publishes a chart at once.
    private var chartWatch: Subscription?
    /// What time it is on the class's one clock (`ClassroomRound.Clock`, the round's).
    private func now() -> Date { round.clock.now() }
    /// A player with no open event stream for this long is away.
    nonisolated static let awayAfter: TimeInterval = 30
    /// How often the session checks who is away.
    nonisolated static let awayCheck = Duration.seconds(5)

    /// A room with `hostKey`, publishing on `hub` and registering topics in `registry`, on
    /// `clock` (the round's deadlines, who is away, and the kept room taken back by its age).
    init(
        hostKey: String, joinURL: URL, services: RemoteServices, store: Store?, hub: SSEHub,
        registry: TopicRegistry, ranking: Ranking, clock: ClassroomRound.Clock = ClassroomRound.Clock()
    ) {
        hostKeys = HostKeyGuard(key: hostKey)
        let round = ClassroomRound(hostKey: hostKey, quizClient: services.quizClient, triviaClient: services.triviaClient, clock: clock)
        self.round = round
        self.joinURL = joinURL
        sets = store.map { QuizSetStore(store: $0) }
        // The host's page shows why results cannot be written: the store's word when the main
        // actor reads it (the latest, whatever order the hops arrive in).
        results = store.map { store in
            RoundResultsStore(store: store, changed: { [round] results in
                Task { @MainActor in round.showResultsProblem(results.hostProblem) }
            })
        }
        round.recorder = results
        self.hub = hub
        self.registry = registry
        self.ranking = ranking
        topic = LiveTopic(
            name: Topic.classroom.rawValue, snapshot: round.snapshot, json: round.snapshotJSON, hub: hub,
            spacing: Self.leaderboardSpacing)
        registry.register([topic])
        // A question's chart goes to the projectors at once, not after the leaderboard's spacing,
        // and alone: the rows its close changed follow one spacing later (`LiveTopic`).
        chartWatch = round.chartQuestion.subscribe { [topic] _ in topic.publishNow() }
        watchAway()
        restoreRoom()
    }

    /// Takes back the room kept in the store (issue 36, point 3): the players come back with
    /// their tokens (their cookies work again), rejoin codes and addresses; the round in play goes
    /// on where it was (`RoundRecords.resumable`: the room's latest, alive within the room's
    /// 12 hours, its checkpoint readable), with the round's bans; any other round the stop
    /// interrupted is closed and marked so in the results, the room showing it over with its
    /// points, and the bans are lifted.
    private func restoreRoom() {
        guard let results else { return }
        do throws(StoreError) {
            let saved = try results.room.players(now: now())
            // A forgotten room (nobody kept) starts empty, in the lobby: its round does not go on.
            let kept = saved.isEmpty ? nil : try results.records.resumable(now: now())
            let closed = try results.records.closeInterrupted(at: now(), sparing: kept?.id)
            let lastRound = try results.records.latestRoundID()
            if let kept {
                round.resume(saved.map(\.player), kept: kept, set: set(kept.setID))
                banned = try results.room.bans()
            } else {
                // The room shows the interrupted round only when it is the room's last and the room
                // itself is taken back.
                let shown = saved.isEmpty || closed != lastRound ? nil : closed
                let interrupted = try shown.flatMap { id throws(StoreError) in try results.records.record(id) }
                // Its set is picked again, so that «Empezar» plays the teacher's set, not the quiz server.
                round.restore(saved.map(\.player), interrupted: interrupted, set: set(interrupted?.setID), lastRound: lastRound)
                results.keep(.liftBans)
            }
            for entry in saved {
                if let player = round.player(token: entry.player.token) { enter(player, from: entry.address, keeping: false) }
            }
        } catch {
            RoundResultsStore.standardError("adivina: no se puede recuperar la clase guardada: \(error.userMessage)")
        }
    }

    /// The host's set `id` as the store has it now (nil: none, or it cannot be read).
    private func set(_ id: Int?) -> QuizSet? {
        guard let id else { return nil }
        return try? sets?.get(id)
    }

    /// Keeps `player`, from client `address`, in the store as they are now: queued to the
    /// results store, so that no join waits for the disk (a disk that fails is said there, to
    /// the terminal and on the host's page).
    private func keep(_ player: ClassroomPlayer, from address: String) {
        results?.keep(.save(player, address: address, at: now()))
    }

    isolated deinit {
        awayWatch?.cancel()
    }

    // MARK: Players

    /// Lets a join from client `address` be tried, or refuses it: 403 for an address the host
    /// banned this round, 429 past `joinRate` (every attempt counts, right or wrong).
    func admit(_ address: String) throws(HTTPError) {
        guard !ClientAddresses.isLoopback(address) else { return }
        guard !banned.contains(address) else {
            throw HTTPError(.forbidden, message: "El profesor te ha sacado de la clase: no puedes volver a entrar en esta ronda.")
        }
        if joinBuckets.count >= Self.maxJoinBuckets { joinBuckets.removeAll() }
        var bucket = joinBuckets[address] ?? TokenBucket(perSecond: Self.joinRate.perSecond, burst: Self.joinRate.burst)
        let allowed = bucket.take()
        joinBuckets[address] = bucket
        guard allowed else {
            throw HTTPError(.tooManyRequests, message: "Demasiados intentos de entrar desde este dispositivo: espera un minuto.")
        }
    }

    /// Adds a player called `name`, from client `address`, with their view of the round (or gives a name the host released back, with its points).
    ///
    /// One device, one player: a join from an address whose player is still in the class (not
    /// removed, its name not released) is refused, whatever cookies it sends, so that nobody
    /// plays a throwaway second player to learn the answers for their first. The rejoin code
    /// still moves a player to another device, and the host's release frees the device.
    /// Loopback (the teacher's machine) is not limited.
    func join(name: String, from address: String = "") throws(ModelError) -> ClassroomPlayer {
        if !ClientAddresses.isLoopback(address),
           let held = addresses.filter({ $0.value == address }).compactMap({ round.player(id: $0.key) }).first(where: { !$0.released }),
           !PlayerName.same(held.name, name)
        {
            throw .conflict("Este dispositivo ya está en la clase como «\(held.name)»: un dispositivo, un jugador. Vuelve con ese nombre, o pide al profesor que lo libere.")
        }
        let player = try round.join(name: name)
        enter(player, from: address)
        return player
    }

    /// Gives player `name` back to a device that proves their rejoin `code`: a new cookie, the
    /// same player (the old cookie stops working).
    func rejoin(name: String, code: String, from address: String = "") throws(ModelError) -> ClassroomPlayer {
        let player = try round.rejoin(name: name, code: code)
        enter(player, from: address)
        return player
    }

    /// Lets the next join with player `playerID`'s name take their place and points.
    func release(playerID: Int, hostKey: String) throws(ModelError) {
        let player = try round.release(playerID: playerID, hostKey: hostKey)
        keep(player, from: addresses[playerID] ?? "")
    }

    /// Lets `player` in under their current token: their `ClassPlayer` the first time, the same
    /// one under the new token when they come back (their old streams end); kept in the store
    /// unless `keeping` is false (taken back from it).
    private func enter(_ player: ClassroomPlayer, from address: String, keeping: Bool = true) {
        lastSeen[player.id] = now()
        addresses[player.id] = address
        // Queued last, after the player is in the table.
        defer { if keeping { keep(player, from: address) } }
        if let classPlayer = classPlayers[player.id] {
            players.remove(playerID: player.id, because: .elsewhere)
            end(streamsOf: player.id, because: .elsewhere)
            players.add(PlayerTable.Entry(playerID: player.id, token: player.token, player: classPlayer))
            return
        }
        guard let classPlayer = ClassPlayer(playerID: player.id, round: round, hub: hub) else { return }
        classPlayers[player.id] = classPlayer
        players.add(PlayerTable.Entry(playerID: player.id, token: player.token, player: classPlayer))
        registry.register([classPlayer.topic])
    }

    // MARK: Away

    /// Marks away every player with no open event stream for `awayAfter` (checked every
    /// `awayCheck`): they are no active row, and a question does not wait for them.
    func checkAway() {
        let at = now()
        var away: Set<Int> = []
        for player in round.roster {
            if hub.subscriberCount(of: Topic.streams(ofPlayer: player.id)) > 0 {
                lastSeen[player.id] = at
            } else if at.timeIntervalSince(lastSeen[player.id] ?? at) >= Self.awayAfter {
                away.insert(player.id)
            }
        }
        round.setAway(away)
    }

    /// Starts checking who is away, every `awayCheck`, for as long as the session lives.
    private func watchAway() {
        awayWatch = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.awayCheck)
                self?.checkAway()
            }
        }
    }

    /// The player whose cookie the request carries: 401 without a valid cookie, 429 when the
    /// player is over their rate.
    func player(for request: HTTPRequest) throws(HTTPError) -> ClassroomPlayer {
        let entry = try classPlayer(for: request)
        guard let player = round.player(token: entry.token) else { throw PlayerDeparture.notJoined }
        return player
    }

    /// The 401 for `request`, which carries no joined player: why its cookie stopped working
    /// (`PlayerDeparture`), or that it must join first.
    nonisolated func refusal(of request: HTTPRequest) -> HTTPError {
        players.refusal(of: request, cookie: Self.playerCookie)
    }

    /// What `GET /api/classroom/me` tells a page whose cookie names no player: why it stopped
    /// working, or that the room no longer knows it (a cookie it never retired), or, without a
    /// cookie, that it must join.
    nonisolated func whyNotIn(_ request: HTTPRequest) -> HTTPError {
        guard request.cookie(Self.playerCookie) != nil, players.departure(of: request, cookie: Self.playerCookie) == nil else {
            return refusal(of: request)
        }
        return HTTPError(.unauthorized, message: PlayerDeparture.forgotten)
    }

    /// Ends the open event streams of player `playerID`, each with a last event `bye`
    /// (`{"reason","message"}`, `PlayerDeparture`) so that the page says what happened at once.
    private func end(streamsOf playerID: Int, because departure: PlayerDeparture) {
        let farewell = (try? JSONEncoder().encode(["reason": departure.rawValue, "message": departure.message])) ?? Data()
        hub.closeStreams(on: Topic.streams(ofPlayer: playerID), farewell: (event: "bye", data: Array(farewell)))
    }

    /// The joined player whose cookie the request carries, from any thread: 401 without a
    /// valid cookie, 429 when the player is over their rate.
    nonisolated func classPlayer(for request: HTTPRequest) throws(HTTPError) -> PlayerTable.Entry {
        try players.entry(for: request, cookie: Self.playerCookie)
    }

    /// The player whose cookie `request` carries, if any, without counting the request
    /// against their rate.
    nonisolated func knownClassPlayer(for request: HTTPRequest) -> PlayerTable.Entry? {
        players.peek(for: request, cookie: Self.playerCookie)
    }

    /// The host key the request carries (header `X-Host-Key` or the host cookie), checked from
    /// any thread for the device at `address`: 401 without one, 403 for a wrong one, 429 for a
    /// device that has sent too many wrong ones (`HostKeyGuard`).
    nonisolated func hostKey(of request: HTTPRequest, from address: String) throws(HTTPError) -> String {
        let key = request.headers["X-Host-Key"] ?? request.cookie(Self.hostCookie)
        try hostKeys.check(key, from: address)
        return key ?? ""
    }

    /// Takes a player out of the room: their cookie stops working, their topics end and their
    /// open event streams close. `ban`: nobody joins again from their address until the round
    /// ends (not loopback: that is the teacher's own machine).
    func kick(playerID: Int, hostKey: String, ban: Bool = false) throws(ModelError) {
        try round.remove(playerID: playerID, hostKey: hostKey)
        results?.keep(.remove(playerID: playerID))
        // Out of the table first: requests resolve players off the main actor, and none may get
        // a topic that is being cancelled.
        players.remove(playerID: playerID, because: .removed)
        lastSeen[playerID] = nil
        if let classPlayer = classPlayers.removeValue(forKey: playerID) {
            classPlayer.topic.cancel()
            registry.unregister([classPlayer.topic])
        }
        end(streamsOf: playerID, because: .removed)
        if let address = addresses.removeValue(forKey: playerID), ban, !ClientAddresses.isLoopback(address) {
            banned.insert(address)
            results?.keep(.ban(address: address))
        }
    }

    /// Ends the round: the podium, and the scores into the ranking if `savingToRanking`; the
    /// round's bans are lifted.
    func end(hostKey: String, savingToRanking: Bool) throws(ModelError) -> [ClassroomPodiumRow] {
        let podium = try round.end(savingTo: savingToRanking ? ranking : nil, hostKey: hostKey)
        banned.removeAll()
        results?.keep(.liftBans)
        return podium
    }
}
