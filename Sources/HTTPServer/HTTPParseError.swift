/// Why a request could not be accepted. Every case maps to the status RFC 9112/9110 asks for, and
/// the connection is always closed after the error response: the framing can no longer be trusted.
public enum HTTPParseError: Error, Sendable, Equatable {
    /// Malformed syntax or forbidden framing (400); the text says which rule was broken.
    case badRequest(String)
    /// A method or transfer coding the server does not implement (501).
    case notImplemented(String)
    /// An HTTP major version other than 1 (505).
    case versionNotSupported
    /// A request target longer than the limit (414).
    case uriTooLong
    /// Too many header fields or too many header bytes (431).
    case headerFieldsTooLarge(String)
    /// A body larger than the route allows (413).
    case contentTooLarge
    /// An `Expect` header other than `100-continue` (417).
    case expectationFailed
    /// The request head or body did not arrive in time (408).
    case requestTimeout

    /// The status of the error response.
    public var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .notImplemented: .notImplemented
        case .versionNotSupported: .httpVersionNotSupported
        case .uriTooLong: .uriTooLong
        case .headerFieldsTooLarge: .requestHeaderFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .expectationFailed: .expectationFailed
        case .requestTimeout: .requestTimeout
        }
    }

    /// A one-line explanation for the response body.
    public var message: String {
        switch self {
        case .badRequest(let why): "Bad Request: \(why)"
        case .notImplemented(let what): "Not Implemented: \(what)"
        case .headerFieldsTooLarge(let why): "Request Header Fields Too Large: \(why)"
        default: status.description
        }
    }
}
