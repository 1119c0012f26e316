import HTTPServer

/// Why a class player's cookie stopped working, so that each screen says what happened: the
/// 401 its later requests get carries the reason, and the streams it had open end with it
/// (`ClassroomSession.farewell`).
enum PlayerDeparture: String, Sendable {
    /// The host took the player out of the room.
    case removed
    /// The player came back on another device with their code; this device's cookie is old.
    case elsewhere

    /// What the player's page says, in Spanish.
    var message: String {
        switch self {
        case .removed: "El anfitrión te ha quitado de la clase. Puedes volver a unirte."
        case .elsewhere:
            "Has vuelto a la clase desde otro dispositivo con tu código: sigue allí. Para jugar aquí, vuelve con tu nombre y tu código."
        }
    }

    /// The refusal of a request without a joined player (a cookie the room never gave, or none).
    static let notJoined = HTTPError(.unauthorized, message: "Únete primero a la clase con tu nombre.")
    /// What `GET /api/classroom/me` says to a cookie the room does not know and never retired
    /// (the room was forgotten, e.g. a restart after its 12 hours).
    static let forgotten = "La clase ya no te reconoce (quizá se reinició): vuelve a unirte."
}
