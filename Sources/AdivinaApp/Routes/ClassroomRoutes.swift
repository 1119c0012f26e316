import Foundation
import HTTPServer
import Models
import QRCode

/// The classroom web API under `/api/classroom/…` (mounted only with `--classroom`).
///
/// Anyone: `GET state` (the leaderboard, topic `classroom`; limited per device), `GET info` → `{"joinURL"}`,
/// `GET qr.svg` (the join URL as a QR code drawn by the `QRCode` module).
/// Students: `POST join` `{"name"}` → 201 `{"id","name"}` and the HttpOnly player cookie (every
/// cookie here is also `Secure` when the request came over HTTPS through the trusted proxy);
/// `GET me` → `{"id","name","score","answered":[n…],"points":{"n":p},"timeFactor","deadline"}`
/// (their own, from the cookie only).
///
/// How the class page knows this browser holds a player: with the player cookie (`POST join`,
/// `POST rejoin`) and on every `GET me` that answers 200, the server also sets the marker cookie
/// `adivina_clase=1` (same Path and SameSite, readable by scripts, no secret in it). The page
/// asks `GET me` on load only when it finds the marker, so a first visit makes no request that
/// can only be refused. A `GET me` without a valid player (kicked, or the server
/// restarted) answers 401 and expires the marker and the player cookie it carried; the page
/// then offers the join form.
/// Host (header `X-Host-Key` or the host cookie; 401 without, 403 wrong): `POST host/login`
/// `{"key"}` sets the host cookie; `POST host/game` `{"game":"quizzes"|"trivia","set"?:ID|null,
/// "seconds"?:S,"speedPoints"?:Bool}` (`set`: a quizzes round plays the host's set `ID`, see
/// `ClassroomSetRoutes`; null: the quiz source; absent: the set chosen before stays, and the
/// state's `set` shows it; `seconds` 5–300: a timed round, see
/// `ClassroomTimerRoutes`; `speedPoints` needs `seconds`);
/// `POST host/start`; `POST host/next` → `{"shows":"answer"|"question","question"}` (host-paced,
/// the host's one button: while the room's question is open it closes it and shows its answer;
/// once shown, the next question opens; after the last, 409: end the round); `PUT host/pace` `{"selfPaced"}`;
/// `PUT host/lock {"locked"}` (a closed room refuses every join with 403);
/// `POST host/end` (optional body `{"saveToRanking":false}` keeps the round's scores out of the
/// ranking; only players who answered at least once go in) → `{"podium":[…]}`;
/// `DELETE host/players/{id}` (`?ban=true`: nobody joins from that player's address until the
/// round ends); `POST host/players/{id}/release`: the next join with that player's name takes
/// their place and points (a student whose phone lost its cookie and its code). Joins are limited per client address (`ClassroomSession.joinRate`, 429).
enum ClassroomRoutes {
    private struct NameBody: Decodable, Sendable { var name: String }
    private struct KeyBody: Decodable, Sendable { var key: String }
    private struct GameBody: Decodable, Sendable {
        var game: String
        var set: Int?
        /// Whether the body has `set` at all (absent: the chosen set stays; null: none).
        var namesSet: Bool
        var seconds: Int?
        var speedPoints: Bool?

        private enum CodingKeys: String, CodingKey { case game, set, seconds, speedPoints }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            game = try container.decode(String.self, forKey: .game)
            namesSet = container.contains(.set)
            set = try container.decodeIfPresent(Int.self, forKey: .set)
            seconds = try container.decodeIfPresent(Int.self, forKey: .seconds)
            speedPoints = try container.decodeIfPresent(Bool.self, forKey: .speedPoints)
        }
    }
    private struct PaceBody: Decodable, Sendable { var selfPaced: Bool }
    private struct EndBody: Decodable, Sendable { var saveToRanking: Bool? }
    private struct LockBody: Decodable, Sendable { var locked: Bool }
    private struct Lock: Encodable, Sendable { var locked: Bool }
    private struct Joined: Encodable, Sendable {
        var id: Int
        var name: String
    }
    private struct Me: Encodable, Sendable {
        var id: Int
        var name: String
        var score: Int
        var answered: [Int]
        /// The points each answered question earned, by question number.
        var points: [String: Int]
        /// Their extra time (1, 1.5, 2).
        var timeFactor: Double
        /// When their time for the question they are on ends (ms, server clock), or null.
        @Nullable var deadline: Int64?
    }
    private struct Info: Encodable, Sendable { var joinURL: String }
    private struct Picked: Encodable, Sendable { var game: String }
    private struct Pace: Encodable, Sendable { var selfPaced: Bool }
    private struct Podium: Encodable, Sendable { var podium: [ClassroomPodiumRow] }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.addResponding(.get, "/api/classroom/state", access: .everyone) { (context: PublicStateContext) in
            guard let session = context.session else { throw APIError.notFound }
            return session.topic.stateResponse()
        }
        api.get("/api/classroom/info", access: .everyone) { (context: ClassroomContext) in
            Info(joinURL: context.session.joinURL.absoluteString)
        }
        api.addResponding(.get, "/api/classroom/qr.svg", access: .everyone) { (context: ClassroomContext) in
            let svg = try QRCode(encoding: context.session.joinURL.absoluteString, correction: .medium)
                .svg(moduleSize: 8, quietZone: 4)
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": "image/svg+xml"], body: Array(svg.utf8))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
            return response
        }
        api.addResponding(.post, "/api/classroom/join", body: NameBody.self, access: .everyone) { (context: ClassroomContext, body) in
            if let already = try? await context.session.player(for: context.request) {
                throw HTTPError(.conflict, message: "Ya estás en la clase como «\(already.name)».")
            }
            try await context.session.admit(context.clientAddress)
            let player = try await context.session.join(name: body.name, from: context.clientAddress)
            var response = try HTTPResponse.json(Joined(id: player.id, name: player.name), status: .created)
            response.setSessionCookie(ClassroomSession.playerCookie, player.token, secure: context.overHTTPS)
            response.setMarkerCookie(ClassroomSession.markerCookie, "1", secure: context.overHTTPS)
            return response
        }
        api.addResponding(.get, "/api/classroom/me", access: .everyone) { (context: ClassroomContext) in
            let player: ClassroomPlayer
            do {
                player = try await context.session.player(for: context.request)
            } catch let error as HTTPError where error.status == .unauthorized {
                // Not (or no longer) a player here, and why (`ClassroomSession.whyNotIn`): the
                // pages must stop asking. Only the cookies the request carried are expired: a
                // page's `me` sent without a player cookie may be answered after a join on
                // another connection set one, and must not undo it.
                var response = context.session.whyNotIn(context.request).response
                for name in [ClassroomSession.markerCookie, ClassroomSession.playerCookie]
                where context.request.cookie(name) != nil {
                    response.expireCookie(name, secure: context.overHTTPS)
                }
                return response
            }
            let round = context.session.round
            let (factor, end) = await (round.timeFactor(of: player.id), round.currentDeadline(for: player.id))
            var response = try HTTPResponse.json(
                Me(id: player.id, name: player.name, score: player.score, answered: player.answered.sorted(),
                   points: Dictionary(uniqueKeysWithValues: player.points.map { (String($0.key), $0.value) }),
                   timeFactor: factor, deadline: end.map(QuestionDeadline.milliseconds)))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            response.setMarkerCookie(ClassroomSession.markerCookie, "1", secure: context.overHTTPS)
            return response
        }
        addHost(to: &api)
    }

    private static func addHost(to api: inout APIRouter) {
        api.addResponding(.post, "/api/classroom/host/login", body: KeyBody.self, access: .host) { (context: ClassroomContext, body) in
            try context.session.hostKeys.check(body.key, from: context.clientAddress)
            var response = try HTTPResponse.json(Done())
            response.setSessionCookie(ClassroomSession.hostCookie, body.key, path: "/api/classroom", secure: context.overHTTPS)
            return response
        }
        api.post("/api/classroom/host/game", body: GameBody.self) { (context: HostContext, body) in
            guard let game = ClassroomGame(rawValue: body.game) else {
                throw APIError.badBody("El juego debe ser «quizzes» o «trivia».")
            }
            // Without `set`, the chosen set stays (changing only the timer keeps the round's set).
            let chosen = game == .quizzes ? await context.round.chosenSetID : nil
            let set = try await ClassroomSetRoutes.set(body.namesSet ? body.set : chosen, for: game, context)
            let timing: RoundTiming?
            if let seconds = body.seconds {
                timing = try RoundTiming(seconds: seconds, speedPoints: body.speedPoints ?? false)
            } else if body.speedPoints == true {
                throw APIError.badBody("Los puntos por rapidez necesitan un tiempo por pregunta.")
            } else {
                timing = nil
            }
            try await context.round.pick(game, set: set, timing: timing, hostKey: context.key)
            return Picked(game: game.rawValue)
        }
        api.action("/api/classroom/host/start") { (context: HostContext) in
            // A set is played as it is now: edits made after picking it count.
            if let id = await context.round.chosenSetID, let fresh = try await ClassroomSetRoutes.set(id, for: .quizzes, context) {
                await context.round.refreshChosenSet(fresh)
            }
            try await context.round.start(hostKey: context.key)
        }
        api.post("/api/classroom/host/next") { (context: HostContext) in
            try await context.round.next(hostKey: context.key)
        }
        api.put("/api/classroom/host/pace", body: PaceBody.self) { (context: HostContext, body) in
            try await context.round.setSelfPaced(body.selfPaced, hostKey: context.key)
            return Pace(selfPaced: body.selfPaced)
        }
        api.put("/api/classroom/host/lock", body: LockBody.self) { (context: HostContext, body) in
            try await context.round.setLocked(body.locked, hostKey: context.key)
            return Lock(locked: body.locked)
        }
        api.post("/api/classroom/host/end") { (context: HostContext) in
            // The body is optional: without it (or its field) the scores go into the ranking.
            let save = context.request.body.isEmpty ? nil : try context.request.decodeBody(EndBody.self).saveToRanking
            return Podium(podium: try await context.session.end(hostKey: context.key, savingToRanking: save ?? true))
        }
        api.post("/api/classroom/host/players/:id/release") { (context: HostContext) in
            try await context.session.release(playerID: try context.request.idParameter(), hostKey: context.key)
            return Done()
        }
        api.add(.delete, "/api/classroom/host/players/:id") { (context: HostContext) in
            let ban = context.request.query("ban") == "true"
            try await context.session.kick(playerID: try context.request.idParameter(), hostKey: context.key, ban: ban)
            return Done()
        }
    }
}
