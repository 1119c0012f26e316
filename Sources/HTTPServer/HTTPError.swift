/// An error a handler throws to answer with a given status; the body is `{"error":"<message>"}`.
/// Any other error thrown by a handler becomes a 500.
public struct HTTPError: Error, Sendable, Equatable {
    /// The response status.
    public var status: HTTPStatus
    /// The human-readable message sent in the body.
    public var message: String

    /// Makes an error with a status and a message for the body.
    public init(_ status: HTTPStatus, message: String) {
        self.status = status
        self.message = message
    }

    /// The JSON response this error stands for.
    public var response: HTTPResponse {
        .json(encoded: Array("{\"error\":\(JSONText.quoted(message))}".utf8), status: status)
    }
}
