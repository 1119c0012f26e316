import HTTPServer
import Models
import Synchronization

/// Who a request comes from, for the request contexts: the local mode's one player, or in
/// classroom mode the player whose cookie it carries; and the models every player shares.
///
/// The routes are made before the server is bound, and the players' models after (the services of
/// the stand-ins still reached over loopback need the server's port), so the app fills `mode` once,
/// at the end of its `init`, and only then lets the server serve (`HTTPServer.startServing`): no
/// request is answered without it (the 503 here is a guard that no served request meets).
///
/// Who a player is (and their rate limit) is answered from any thread (`player(for:)`, over the
/// session's `PlayerTable`), so resolving a `PlayerContext` takes no turn on the main actor.
@MainActor
final class RequestResolver {
    /// How the app runs: one local player, or a classroom of joined players.
    enum Mode: Sendable {
        case local(PlayerModels)
        case classroom(ClassroomSession)
    }

    /// The models every player shares.
    nonisolated let shared: SharedModels
    /// Where requests come from (the trusted proxy's forwarded address, or the peer's).
    nonisolated let addresses: ClientAddresses
    /// The public state routes' limit per device: a page reads the state when it opens or
    /// reconnects (the news then comes over SSE), a script polling it is held back.
    nonisolated let publicStateReads = DeviceRate(
        rate: (perSecond: 2, burst: 20),
        refusal: HTTPError(.tooManyRequests, message: "Demasiadas peticiones desde este dispositivo: espera un momento."))
    private nonisolated let currentModeLock = Mutex<Mode?>(nil)
    /// Set once by the app when its models exist; read from any thread.
    nonisolated var mode: Mode? {
        get { currentModeLock.withLock { $0 } }
        set { currentModeLock.withLock { $0 = newValue } }
    }

    /// A resolver whose players arrive later (`mode`).
    init(shared: SharedModels, addresses: ClientAddresses) {
        self.shared = shared
        self.addresses = addresses
    }

    /// The local player's models. In classroom mode nobody has them (a class player has only
    /// the round, `classPlayer(for:)`): 401 without a player's cookie, 403 with one.
    nonisolated func player(for request: HTTPRequest) throws(HTTPError) -> PlayerModels {
        switch try currentMode() {
        case .local(let player): return player
        case .classroom(let session):
            guard session.knownClassPlayer(for: request) != nil else { throw session.refusal(of: request) }
            throw HTTPError(.forbidden, message: RouteAccess.onlyTheClass)
        }
    }

    /// The local player's models, without counting the request against any rate (nil while
    /// starting, and in classroom mode).
    nonisolated func knownPlayer(for request: HTTPRequest) -> PlayerModels? {
        guard case .local(let player)? = mode else { return nil }
        return player
    }

    /// The class player making `request`: 404 outside classroom mode, 401 without a joined
    /// player's cookie, 429 over their rate.
    nonisolated func classPlayer(for request: HTTPRequest) throws(HTTPError) -> ClassPlayer {
        try classroom().classPlayer(for: request).player
    }

    /// Whether `request` comes from a player in class: in classroom mode, with a joined player's
    /// cookie (`RouteAccess`). Answered from the head alone, without counting the request.
    nonisolated func isPlayerInClass(_ request: HTTPRequest) -> Bool {
        guard case .classroom(let session)? = mode else { return false }
        return session.knownClassPlayer(for: request) != nil
    }

    /// The classroom session (404 outside classroom mode).
    nonisolated func classroom() throws(HTTPError) -> ClassroomSession {
        guard case .classroom(let session) = try currentMode() else { throw APIError.notFound }
        return session
    }

    /// The hub's names of the topics `topics` for `request`: in classroom mode a player's own
    /// topic is `player/<id>/round` (the shared ones need no player), and a player's stream also
    /// has `Topic.streams(ofPlayer:)`, so that removing them ends it. In classroom mode the local
    /// player's topics are nobody's: 403 (401 without a player's cookie).
    nonisolated func hubTopics(_ topics: [Topic], for request: HTTPRequest) throws(HTTPError) -> [String] {
        guard case .classroom(let session) = try currentMode() else { return topics.map(\.rawValue) }
        let playerID: Int
        if topics.contains(where: { !$0.isShared }) {
            playerID = try session.classPlayer(for: request).playerID
            guard topics.allSatisfy({ $0.isShared || $0 == .round }) else {
                throw HTTPError(.forbidden, message: RouteAccess.onlyTheClass)
            }
        } else if request.cookie(ClassroomSession.playerCookie) != nil, let known = try? session.classPlayer(for: request) {
            playerID = known.playerID
        } else {
            return topics.map(\.rawValue)
        }
        return topics.map { $0.hubName(playerID: playerID) } + [Topic.streams(ofPlayer: playerID)]
    }

    /// The cap on the event streams `request`'s client may have open at once in classroom mode
    /// (`ClassroomSession.streamsPerClient`); none on loopback.
    nonisolated func streamCap(for request: HTTPRequest) -> StreamCap? {
        let address = addresses.address(of: request)
        guard !ClientAddresses.isLoopback(address) else { return nil }
        return StreamCap(
            topic: Topic.client(address), limit: ClassroomSession.streamsPerClient,
            refusal: HTTPError(.tooManyRequests, message: "Hay demasiadas conexiones abiertas desde este dispositivo: cierra alguna pestaña."))
    }

    private nonisolated func currentMode() throws(HTTPError) -> Mode {
        guard let mode else { throw HTTPError(.serviceUnavailable, message: "La aplicación está arrancando: prueba otra vez.") }
        return mode
    }
}
