import Foundation
import HTTPServer

/// What a stand-in answers to one request: status code, `Content-Type` and body bytes.
public struct StandInResponse: Sendable, Equatable {
    /// The HTTP status code.
    public let status: Int
    /// The `Content-Type` header value.
    public let contentType: String
    /// The body bytes.
    public let body: Data
    /// Further header fields (e.g. WordPress's `X-WP-Total`).
    public let headers: [String: String]

    /// A response with the given parts.
    public init(status: Int, contentType: String, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A JSON response (`application/json; charset=utf-8`).
    static func json(_ status: Int, _ body: Data) -> StandInResponse {
        StandInResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// A JSON response whose body is the given JSON text.
    static func json(_ status: Int, _ text: String) -> StandInResponse {
        json(status, Data(text.utf8))
    }

    /// `404 {"error":"Not found"}`, what a stand-in answers for a path its service does not have.
    static let notFound = StandInResponse.error(404, "Not found")

    /// `{"error":"<message>"}` with the given status, the quiz server's shape for errors.
    static func error(_ status: Int, _ message: String) -> StandInResponse {
        json(status, "{\"error\":\(JSONText.quoted(message))}")
    }
}
