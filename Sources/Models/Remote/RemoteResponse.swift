import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as the transport returned it, interpreted by the rules every service shares:
/// 2xx bodies are JSON of the expected shape; 401, 404 and other statuses become typed errors
/// carrying the server's `{"error": …}` (or `{"message": …}`) text when there is one.
public struct RemoteResponse: Sendable {
    /// The body.
    public var body: Data
    /// The status line and headers.
    public var head: HTTPURLResponse

    /// Wraps what `HTTPTransport.send` returned.
    public init(body: Data, head: HTTPURLResponse) {
        self.body = body
        self.head = head
    }

    /// Throws the error a non-2xx status stands for.
    public func requireSuccess() throws(RemoteError) {
        let status = head.statusCode
        if (200...299).contains(status) { return }
        switch status {
        case 401: throw .unauthorized
        case 404: throw .notFound(serverMessage)
        default: throw .status(status, serverMessage)
        }
    }

    /// Checks the status, then decodes the body as `type`, naming what is wrong if it cannot.
    public func decoded<Value: Decodable>(as type: Value.Type) throws(RemoteError) -> Value {
        try requireSuccess()
        if looksLikeHTML {
            throw .malformed("se esperaba JSON y ha llegado una página HTML")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw .malformed(Self.explain(error, bodyIsEmpty: body.isEmpty))
        } catch {
            throw .malformed("JSON no válido")
        }
    }

    /// The `error` or `message` string of a JSON error body, if there is one.
    public var serverMessage: String? {
        struct ErrorBody: Decodable {
            var error: String?
            var message: String?
        }
        guard let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body) else { return nil }
        return parsed.error ?? parsed.message
    }

    /// WordPress's `code` of a JSON error body (`rest_post_invalid_page_number`…), if there is one.
    public var errorCode: String? {
        struct ErrorBody: Decodable { var code: String? }
        return (try? JSONDecoder().decode(ErrorBody.self, from: body))?.code
    }

    /// Whether the body is an HTML page (by its type, or by its first character).
    var looksLikeHTML: Bool {
        if let type = head.value(forHTTPHeaderField: "Content-Type")?.lowercased(), type.contains("text/html") {
            return true
        }
        let start = body.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return start.first == UInt8(ascii: "<")
    }

    private static func explain(_ error: DecodingError, bodyIsEmpty: Bool) -> String {
        if bodyIsEmpty { return "la respuesta está vacía" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "JSON incompleto o no válido"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            let place = path.isEmpty ? "la raíz" : "«\(path.joined(separator: "."))»"
            return "forma inesperada en \(place): se esperaba \(type)"
        case .keyNotFound(let key, _):
            return "falta el campo «\(key.stringValue)»"
        case .dataCorrupted(let context):
            return "dato no válido: \(context.debugDescription)"
        @unknown default:
            return "JSON no válido"
        }
    }
}
