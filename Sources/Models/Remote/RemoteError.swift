import Foundation

/// Why a request to a remote service failed, each with a plain Spanish message for the user.
public enum RemoteError: Error, Hashable, Sendable {
    /// The server cannot be reached (down, refused, no network, unknown host).
    case offline
    /// The server took too long to answer.
    case timeout
    /// The request was cancelled, usually because a newer one replaced it.
    case cancelled
    /// 401: the token is missing or wrong.
    case unauthorized
    /// 404, with the server's own message when it sent one.
    case notFound(String?)
    /// Any other status outside 200…299, with the server's message when it sent one.
    case status(Int, String?)
    /// The body is not what the contract says (HTML, truncated JSON, wrong shape…); says what.
    case malformed(String)
    /// The body is larger than the transport accepts (its limit in bytes).
    case tooLarge(limit: Int)

    /// What to tell the user, in Spanish.
    public var userMessage: String {
        switch self {
        case .offline:
            return "No se puede conectar con el servidor. Comprueba la conexión y vuelve a intentarlo."
        case .timeout:
            return "El servidor tarda demasiado en responder. Vuelve a intentarlo más tarde."
        case .cancelled:
            return "La petición se ha cancelado."
        case .unauthorized:
            return "El servidor no acepta el token de acceso (401). Revisa el token configurado."
        case .notFound:
            return "El servidor no encuentra lo que se ha pedido (404)."
        case .status(let code, _) where (500...599).contains(code):
            return "El servidor ha fallado (error \(code)). Vuelve a intentarlo más tarde."
        case .status(let code, _):
            return "El servidor ha rechazado la petición (error \(code))."
        case .malformed(let detail):
            return "El servidor ha enviado una respuesta que no se puede leer: \(detail)."
        case .tooLarge(let limit):
            return "La respuesta del servidor es demasiado grande (más de \(limit / 1_048_576) MB)."
        }
    }
}

extension RemoteError: LocalizedError {
    /// The Spanish user message, so `localizedDescription` shows it too.
    public var errorDescription: String? { userMessage }
}
