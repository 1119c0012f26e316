import Foundation

/// A response a handler returns: status, headers and body. The server writes `Date`,
/// `Content-Length` and `Connection` itself (a handler's own copies are dropped; a handler's
/// `Connection: close` still closes the connection), and drops the body of HEAD, 204 and 304
/// responses.
public struct HTTPResponse: Sendable {
    /// The status line's code and reason.
    public var status: HTTPStatus
    /// Header fields to send (besides the ones the server adds).
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]
    /// Header lines already encoded as `Name: value\r\n…`, sent after `headers` (static files).
    var encodedHeaders: [UInt8] = []
    /// Set when this response opens a server-sent event stream instead of carrying a body.
    var eventStream: EventStreamSubscription?

    /// Makes a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// A JSON response from an `Encodable` value.
    public static func json<Value: Encodable>(
        _ value: Value, status: HTTPStatus = .ok, encoder: JSONEncoder = JSONEncoder()
    ) throws -> HTTPResponse {
        json(encoded: Array(try encoder.encode(value)), status: status)
    }

    /// A JSON response from bytes that are already JSON (e.g. a snapshot encoded once).
    public static func json(encoded: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: encoded)
    }

    /// A response with only a status (and a short text body for errors).
    public static func status(_ status: HTTPStatus) -> HTTPResponse {
        status.code >= 400 ? .text(status.description + "\n", status: status) : HTTPResponse(status: status)
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: HTTPStatus = .found) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location])
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
