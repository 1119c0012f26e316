import HTTPServer
import Models

/// What a route needs resolved from its request before its handler runs. `APIRouter` resolves
/// it once and hands it to the handler: a route declares what it needs by the context its
/// handler takes. Only `HostContext` takes a turn on the main actor (the room checks the key);
/// the others are resolved where the request is, from thread-safe tables.
protocol RequestContext: Sendable {
    /// Resolves the context of `request`, or throws the refusal (401, 403, 429, 404…).
    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) async throws(HTTPError) -> Self
    /// Whether the request comes from a player in a classroom (see `APIRouter.closedInClassroom`).
    var inClassroom: Bool { get }
}

extension RequestContext {
    var inClassroom: Bool { false }
}

/// A route anyone may call (a page, a projector, a student before joining): the request and
/// the models everybody shares.
struct PublicContext: RequestContext {
    let request: HTTPRequest
    let shared: SharedModels

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) -> PublicContext {
        PublicContext(request: request, shared: resolver.shared)
    }
}

/// A route of the player's own models: the local player, or the classroom player whose cookie
/// the request carries (401 without one, 429 over their rate).
struct PlayerContext: RequestContext {
    let request: HTTPRequest
    /// The player's models.
    let player: PlayerModels
    /// The models everybody shares.
    let shared: SharedModels
    /// The player's place in the classroom, or nil in the local mode.
    var seat: ClassroomSeat? { player.seat }
    var inClassroom: Bool { seat != nil }

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> PlayerContext {
        let player = try resolver.player(for: request)
        return PlayerContext(request: request, player: player, shared: resolver.shared)
    }

}

/// A classroom route anyone may call (the leaderboard, joining): the session. 404 outside
/// classroom mode.
struct ClassroomContext: RequestContext {
    let request: HTTPRequest
    let session: ClassroomSession
    /// The client's address (`ClientAddresses`), for the per-client limits.
    let clientAddress: String
    /// Whether the request came over HTTPS through the trusted proxy: the cookies set on its
    /// answer are then `Secure`.
    let overHTTPS: Bool

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> ClassroomContext {
        ClassroomContext(
            request: request, session: try resolver.classroom(), clientAddress: resolver.addresses.address(of: request),
            overHTTPS: resolver.addresses.cameOverHTTPS(request))
    }
}

/// A route for the classroom's host only: the session and the host key the request proves
/// (header `X-Host-Key` or the host cookie; 401 without one, 403 for a wrong one).
struct HostContext: RequestContext {
    let request: HTTPRequest
    let session: ClassroomSession
    /// The host key, checked.
    let key: String
    /// The round's rules.
    var round: ClassroomRound { session.round }

    @MainActor
    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> HostContext {
        let session = try resolver.classroom()
        return HostContext(request: request, session: session, key: try session.hostKey(of: request))
    }
}
