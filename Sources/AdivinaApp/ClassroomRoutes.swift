import Foundation
import HTTPServer
import Models
import QRCode

/// The classroom web API under `/api/classroom/…` (mounted only with `--classroom`).
///
/// Anyone: `GET state` (the leaderboard, topic `classroom`), `GET info` → `{"joinURL"}`,
/// `GET qr.svg` (the join URL as a QR code drawn by the `QRCode` module).
/// Students: `POST join` `{"name"}` → 201 `{"id","name"}` and the HttpOnly player cookie;
/// `GET me` → `{"id","name","score","answered":[n…]}` (their own, from the cookie only).
///
/// How a game page knows it plays in the classroom: with the player cookie (`POST join`) and on
/// every `GET me` that answers 200, the server also sets the marker cookie `adivina_clase=1`
/// (same Path and SameSite, readable by scripts, no secret in it). A game page (the quiz and
/// trivia pages, however they were opened: the class page, a bookmark, a new tab) asks `GET me`
/// only when it finds the marker, so single-player pages (and any server without classroom
/// mode) see no classroom request. A `GET me` without a valid player (kicked, or the server
/// restarted) answers 401 and expires the marker and the player cookie; a page whose `GET me`
/// is refused (401, or 404 from a server without classroom mode) forgets the marker itself
/// too, and plays single-player.
/// Host (header `X-Host-Key` or the host cookie; 401 without, 403 wrong): `POST host/login`
/// `{"key"}` sets the host cookie; `POST host/game` `{"game":"quizzes"|"trivia"}`;
/// `POST host/start`; `POST host/next` → `{"question"}`; `PUT host/pace` `{"selfPaced"}`;
/// `POST host/end` → `{"podium":[…]}`; `DELETE host/players/{id}`.
enum ClassroomRoutes {
    /// The largest body accepted (a name or a key is short).
    static let bodyLimit = 4 * 1024

    private struct NameBody: Decodable { var name: String }
    private struct KeyBody: Decodable { var key: String }
    private struct GameBody: Decodable { var game: String }
    private struct PaceBody: Decodable { var selfPaced: Bool }
    private struct Joined: Encodable {
        var id: Int
        var name: String
    }
    private struct Me: Encodable {
        var id: Int
        var name: String
        var score: Int
        var answered: [Int]
    }
    private struct Info: Encodable { var joinURL: String }
    private struct Picked: Encodable { var game: String }
    private struct Question: Encodable { var question: Int }
    private struct Pace: Encodable { var selfPaced: Bool }
    private struct Podium: Encodable { var podium: [ClassroomPodiumRow] }

    /// Adds the routes to `router` for `session`.
    static func add(to router: inout Router, session: @escaping @Sendable () async -> ClassroomSession) {
        router.get("/api/classroom/state") { _ in
            await session().topic.stateResponse()
        }
        router.get("/api/classroom/info") { _ in
            try .json(Info(joinURL: await session().joinURL.absoluteString))
        }
        router.get("/api/classroom/qr.svg") { _ in
            let joinURL = await session().joinURL.absoluteString
            let svg = try QRCode(encoding: joinURL, correction: .medium).svg(moduleSize: 8, quietZone: 4)
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": "image/svg+xml"], body: Array(svg.utf8))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
            return response
        }
        router.post("/api/classroom/join", bodyLimit: bodyLimit) { request in
            let name = try request.decodeBody(NameBody.self).name
            let classroom = await session()
            if let already = try? await classroom.player(for: request).player {
                throw HTTPError(.conflict, message: "Ya estás en la clase como «\(already.name)».")
            }
            let player = try await APIError.run { try await classroom.join(name: name) }
            var response = try HTTPResponse.json(Joined(id: player.id, name: player.name), status: .created)
            response.setSessionCookie(ClassroomSession.playerCookie, player.token)
            response.setMarkerCookie(ClassroomSession.markerCookie, "1")
            return response
        }
        router.get("/api/classroom/me") { request in
            let player: ClassroomPlayer
            do {
                player = try await session().player(for: request).player
            } catch let error as HTTPError where error.status == .unauthorized {
                // Not (or no longer) a player here: the pages must stop asking.
                var response = error.response
                response.expireCookie(ClassroomSession.markerCookie)
                response.expireCookie(ClassroomSession.playerCookie)
                return response
            }
            var response = try HTTPResponse.json(
                Me(id: player.id, name: player.name, score: player.score, answered: player.answered.sorted()))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            response.setMarkerCookie(ClassroomSession.markerCookie, "1")
            return response
        }
        addHost(to: &router, session: session)
    }

    private static func addHost(to router: inout Router, session: @escaping @Sendable () async -> ClassroomSession) {
        router.post("/api/classroom/host/login", bodyLimit: bodyLimit) { request in
            let key = try request.decodeBody(KeyBody.self).key
            guard await session().room.isHost(key) else {
                throw HTTPError(.forbidden, message: "La clave de anfitrión no es correcta.")
            }
            var response = try HTTPResponse.json(AppRoutes.Done())
            response.setSessionCookie(ClassroomSession.hostCookie, key, path: "/api/classroom")
            return response
        }
        router.post("/api/classroom/host/game", bodyLimit: bodyLimit) { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            let text = try request.decodeBody(GameBody.self).game
            guard let game = ClassroomGame(rawValue: text) else {
                throw APIError.badBody("El juego debe ser «quizzes» o «trivia».")
            }
            try await APIError.run { try await classroom.room.pick(game, hostKey: key) }
            return try .json(Picked(game: game.rawValue))
        }
        router.post("/api/classroom/host/start", bodyLimit: bodyLimit) { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            try await APIError.run { try await classroom.start(hostKey: key) }
            return try .json(AppRoutes.Done())
        }
        router.post("/api/classroom/host/next", bodyLimit: bodyLimit) { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            return try .json(Question(question: try await APIError.run { try await classroom.next(hostKey: key) }))
        }
        router.put("/api/classroom/host/pace", bodyLimit: bodyLimit) { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            let selfPaced = try request.decodeBody(PaceBody.self).selfPaced
            try await APIError.run { try await classroom.room.setSelfPaced(selfPaced, hostKey: key) }
            return try .json(Pace(selfPaced: selfPaced))
        }
        router.post("/api/classroom/host/end", bodyLimit: bodyLimit) { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            return try .json(Podium(podium: try await APIError.run { try await classroom.end(hostKey: key) }))
        }
        router.delete("/api/classroom/host/players/:id") { request in
            let classroom = await session()
            let key = try await classroom.hostKey(of: request)
            let id = try request.idParameter()
            try await APIError.run { try await classroom.kick(playerID: id, hostKey: key) }
            return try .json(AppRoutes.Done())
        }
    }
}
