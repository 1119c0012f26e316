import HTTPServer
import Models

/// What a route needs resolved from its request before its handler runs. `APIRouter` resolves
/// it once and hands it to the handler: a route declares what it needs by the context its
/// handler takes. Each is resolved where the request is, from thread-safe tables, and may refuse
/// a request from its head alone first (`screen`, before the body is read).
protocol RequestContext: Sendable {
    /// Resolves the context of `request`, or throws the refusal (401, 403, 429, 404…).
    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) async throws(HTTPError) -> Self
    /// The refusal of `request` from its head alone, on the event loop, before its body is
    /// read (a route for the host without a right key, for a player without a player); nil
    /// leaves it to `resolve`, which runs after.
    static func screen(_ request: HTTPRequest, by resolver: RequestResolver) -> HTTPError?
    /// Who may call a route of this context unless the route declares otherwise (`RouteAccess`):
    /// closed to a player in class, but for the host's routes.
    static var access: RouteAccess { get }
}

extension RequestContext {
    static func screen(_ request: HTTPRequest, by resolver: RequestResolver) -> HTTPError? { nil }
    static var access: RouteAccess { .outsideClass }
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

/// A public state route (the leaderboard, the ranking): anyone may read it, every screen of a
/// class does, so each device (not loopback) is held to `RequestResolver.publicStateReads`
/// (429 past it). `session` is the classroom's, nil outside classroom mode.
struct PublicStateContext: RequestContext {
    let request: HTTPRequest
    let shared: SharedModels
    let session: ClassroomSession?

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> PublicStateContext {
        try resolver.publicStateReads.take(for: resolver.addresses.address(of: request))
        let session: ClassroomSession?
        do {
            session = try resolver.classroom()
        } catch where error.status == .notFound {
            session = nil  // Not in classroom mode; while starting, the 503 goes out.
        }
        return PublicStateContext(request: request, shared: resolver.shared, session: session)
    }
}

/// A route of the local player's models (the single-player apps). In classroom mode there are
/// none: a class player is refused by the route's access (403) and anybody else gets 401.
struct PlayerContext: RequestContext {
    let request: HTTPRequest
    /// The player's models.
    let player: PlayerModels
    /// The models everybody shares.
    let shared: SharedModels

    /// In a class, a request without a joined player's cookie: 401.
    static func screen(_ request: HTTPRequest, by resolver: RequestResolver) -> HTTPError? {
        ClassPlayerContext.screen(request, by: resolver)
    }

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> PlayerContext {
        let player = try resolver.player(for: request)
        return PlayerContext(request: request, player: player, shared: resolver.shared)
    }

}

/// A route of the class's round: the player whose cookie the request carries (404 outside
/// classroom mode, 401 without a joined player's cookie, 429 over their rate).
struct ClassPlayerContext: RequestContext {
    let request: HTTPRequest
    /// The player in class.
    let player: ClassPlayer

    /// In a class, a request without a joined player's cookie: 401 (its rate is counted later).
    static func screen(_ request: HTTPRequest, by resolver: RequestResolver) -> HTTPError? {
        guard case .classroom(let session)? = resolver.mode, session.knownClassPlayer(for: request) == nil else { return nil }
        return session.refusal(of: request)
    }

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> ClassPlayerContext {
        ClassPlayerContext(request: request, player: try resolver.classPlayer(for: request))
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
    /// The host key decides; a player's cookie neither opens nor closes a host's route.
    static var access: RouteAccess { .host }

    /// In a class, no host key (401), a wrong one (403) or a device that sent too many (429).
    static func screen(_ request: HTTPRequest, by resolver: RequestResolver) -> HTTPError? {
        guard case .classroom(let session)? = resolver.mode else { return nil }
        do {
            _ = try session.hostKey(of: request, from: resolver.addresses.address(of: request))
            return nil
        } catch {
            return error
        }
    }

    static func resolve(_ request: HTTPRequest, by resolver: RequestResolver) throws(HTTPError) -> HostContext {
        let session = try resolver.classroom()
        return HostContext(
            request: request, session: session, key: try session.hostKey(of: request, from: resolver.addresses.address(of: request)))
    }
}
