import Foundation
import HTTPServer
import Models

/// The web API's errors: a status and a Spanish message, sent as `{"error":"…"}`.
enum APIError {
    /// 400 for a body that is not a JSON object with the expected fields.
    static func badBody(_ message: String) -> HTTPError {
        HTTPError(.badRequest, message: message)
    }

    /// 400 for a path parameter that is not a quiz id.
    static func badID(_ text: String) -> HTTPError {
        HTTPError(.badRequest, message: "«\(text)» no es un identificador válido.")
    }

    /// The status and message a failed model action answers with: the model's own Spanish
    /// message; 404 for what is not there, 502/504 when the remote service failed, 503 for what
    /// cannot be done now (results that cannot be written).
    static func from(_ error: ModelError) -> HTTPError {
        HTTPError(status(for: error), message: error.userMessage)
    }

    private static func status(for error: ModelError) -> HTTPStatus {
        switch error {
        case .unknownItem: return .notFound
        case .invalid: return .badRequest
        case .conflict: return .conflict
        case .forbidden: return .forbidden
        case .unavailable: return HTTPStatus(code: 503)
        case .remote(.timeout): return HTTPStatus(code: 504)
        case .remote(.cancelled): return HTTPStatus(code: 409)
        case .remote: return HTTPStatus(code: 502)
        case .store, .file: return .internalServerError
        }
    }
}

/// Reading the small JSON bodies of the actions, with Spanish errors.
extension HTTPRequest {
    /// Decodes the JSON body as `type`; 400 with a Spanish message saying what is wrong
    /// (no body, not JSON, a missing field, a field of the wrong type).
    func decodeBody<Body: Decodable>(_ type: Body.Type) throws -> Body {
        guard !body.isEmpty else { throw APIError.badBody("Falta el cuerpo JSON de la petición.") }
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch DecodingError.keyNotFound(let key, _) {
            throw APIError.badBody("Falta el campo «\(key.stringValue)».")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.last?.stringValue
            throw APIError.badBody(
                field.map { "El campo «\($0)» tiene un tipo incorrecto." }
                    ?? "El cuerpo de la petición debe ser un objeto JSON.")
        } catch {
            throw APIError.badBody("El cuerpo de la petición no es JSON válido.")
        }
    }

    /// The path parameter `name` as a non-negative integer id; 400 otherwise.
    func idParameter(_ name: String = "id") throws -> Int {
        let text = parameters[name] ?? ""
        guard let id = Int(text), id >= 0 else { throw APIError.badID(text) }
        return id
    }
}

extension APIError {
    /// 404 for an API path that does not exist.
    static let notFound = HTTPError(.notFound, message: "No existe esa ruta de la API.")
}

extension APIError {
    /// The `{"error":"…"}` body in Spanish for an error the HTTP server answers by itself
    /// (a refused request, a wrong method), when the request is for the web API; nil elsewhere,
    /// so pages and stand-ins keep the server's plain text. Installed as the server's
    /// `errorRenderer`.
    static func serverRefusal(_ context: HTTPErrorContext) -> HTTPResponse? {
        guard let path = context.path, path == "/api" || path.hasPrefix("/api/") else { return nil }
        return HTTPError(context.status, message: refusalMessage(context.status)).response
    }

    private static func refusalMessage(_ status: HTTPStatus) -> String {
        switch status.code {
        case 400: "La petición no es válida."
        case 404: notFound.message
        case 405: "Esa ruta de la API no admite este método."
        case 408: "La petición tardó demasiado en llegar."
        case 413: "La petición es demasiado grande."
        case 414: "La dirección es demasiado larga."
        case 417: "La cabecera «Expect» de la petición no se admite."
        case 431: "Las cabeceras de la petición son demasiado grandes."
        case 501: "El servidor no admite lo que pide la petición."
        case 503: "El servidor está ocupado: prueba otra vez en unos segundos."
        case 505: "El servidor no admite esa versión de HTTP."
        case 500...: "El servidor no pudo atender la petición."
        default: "La petición no es válida."
        }
    }
}
