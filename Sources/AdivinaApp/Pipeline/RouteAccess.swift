import HTTPServer

/// Who may call a route, declared where the route is added (`APIRouter`): the class's door.
///
/// A player in class is a request carrying the cookie of a joined player (`--classroom`). Closed
/// to them by default, a route is open to them only when its declaration says so. What a phone in
/// class may reach, and nothing else:
/// - the class's own routes: the room (`/api/classroom/state`, `info`, `qr.svg`, `time`, `me`,
///   `join`, `rejoin`, the set images), the round (`/api/classroom/round…`), and the host's
///   routes, where the host key decides (`host`);
/// - the event stream `/api/events` (their `round` and the shared topics; `EventRoutes`);
/// - the static files and the stand-ins' mounts (`LocalStandIns`: their images are the questions'
///   own, and in class what knows an answer is behind a secret token or path).
/// Everything else answers them 403 with its reason, from the request's head, before its body is
/// read or its handler runs: the single-player apps' state reads (a class player has no
/// single-player models: `ClassPlayer`), their answers, checks and restarts, a quiz's
/// right answer, favourites (both quiz apps and the news), the ranking's saving, the reloads,
/// filters and the news reader's articles. Outside class mode nobody is a player in class and no
/// route is closed.
enum RouteAccess: Sendable, Equatable {
    /// Anybody, a player in class too: the class's own routes and the reads above.
    case everyone
    /// The class's host: the host key decides (`HostContext`, 401/403); a player's cookie neither
    /// opens nor closes the route.
    case host
    /// Everybody but a player in class, who gets 403 with `reason`.
    case notInClass(reason: String)

    /// The default: closed in class, for the general reason.
    static let outsideClass = RouteAccess.notInClass(reason: onlyTheClass)
    /// Closed in class, for an answer outside the round.
    static let onlyTheRound = RouteAccess.notInClass(reason: onlyTheRoundReason)

    /// Why a player in class can't use a route of the single-player apps.
    static let onlyTheClass = "Durante la clase solo se usan las páginas de la clase."
    /// Why a player in class can't use an answer route outside the round.
    static let onlyTheRoundReason = "En la clase solo se responde a las preguntas de la ronda."

    /// The refusal of a request that `isPlayerInClass`, or nil when the route lets it through.
    /// `isPlayerInClass` is asked only of a route closed in class.
    func refusal(isPlayerInClass: @autoclosure () -> Bool) -> HTTPError? {
        guard case .notInClass(let reason) = self, isPlayerInClass() else { return nil }
        return HTTPError(.forbidden, message: reason)
    }
}
