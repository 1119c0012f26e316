import Foundation

/// What a stand-in answers to one request: status code, `Content-Type` and body bytes.
public struct StandInResponse: Sendable, Equatable {
    /// The HTTP status code.
    public let status: Int
    /// The `Content-Type` header value.
    public let contentType: String
    /// The body bytes.
    public let body: Data

    /// A response with the given parts.
    public init(status: Int, contentType: String, body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A JSON response (`application/json; charset=utf-8`).
    static func json(_ status: Int, _ body: Data) -> StandInResponse {
        StandInResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// A JSON response whose body is the given JSON text.
    static func json(_ status: Int, _ text: String) -> StandInResponse {
        json(status, Data(text.utf8))
    }

    /// `{"error":"<message>"}` with the given status, the quiz server's shape for errors.
    static func error(_ status: Int, _ message: String) -> StandInResponse {
        json(status, "{\"error\":\(jsonString(message))}")
    }

    /// `404 {"error":"Not found"}`, what a stand-in answers for a path its service does not have.
    static let notFound = StandInResponse.error(404, "Not found")

    /// A string as a JSON string literal, quotes included.
    static func jsonString(_ string: String) -> String {
        var literal = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20:
                literal += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
