/// What the server knows about an error response it makes itself, before any handler runs: a
/// refused request (400, 408, 413, 414, 417, 431, 501, 505), a path no route matches (404, 400)
/// or a method the path does not take (405). An `HTTPServer.ErrorRenderer` reads it to word the
/// body in the application's language.
public struct HTTPErrorContext: Sendable, Equatable {
    /// The response status; a renderer cannot change it.
    public var status: HTTPStatus
    /// The request's path (percent-encoded, without the query) as far as the server read it, or
    /// nil when no request target arrived. A refused request's path is read leniently and cut at
    /// the target limit (a 414's path is a prefix), so use it to choose a style, not to trust.
    public var path: String?
    /// The server's one-line English explanation, the default body (e.g. "404 Not Found",
    /// "Bad Request: missing Host").
    public var message: String

    /// Makes a context.
    public init(status: HTTPStatus, path: String?, message: String) {
        self.status = status
        self.path = path
        self.message = message
    }
}
