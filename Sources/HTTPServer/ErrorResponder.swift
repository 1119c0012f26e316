/// Builds every error response the server makes itself (see `HTTPErrorContext`): the plain-text
/// default, or the body and `Content-Type` the application's renderer gives instead. The status
/// and the server's own header fields (`Allow`, and `Connection: close` after a refused request)
/// never change.
struct ErrorResponder: Sendable {
    /// The application's renderer; nil keeps every default.
    var renderer: HTTPServer.ErrorRenderer?

    /// The responder with no renderer (plain-text bodies).
    static let plain = ErrorResponder(renderer: nil)

    /// The response for `context`, with `headers` (e.g. `Allow`) added after the body's type.
    func response(for context: HTTPErrorContext, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var response = HTTPResponse.text(context.message + "\n", status: context.status)
        if let rendered = renderer?(context) {
            response.body = rendered.body
            response.headers = [:]
            if let type = rendered.headers["Content-Type"] { response.headers.add(name: "Content-Type", value: type) }
        }
        for field in headers { response.headers.add(name: field.name, value: field.value) }
        return response
    }

    /// The response to a request the parser or a timeout refused; `path` as in `HTTPErrorContext`.
    func response(for error: HTTPParseError, path: String?) -> HTTPResponse {
        response(for: HTTPErrorContext(status: error.status, path: path, message: error.message))
    }

    /// The response when the router found no handler for the request's method and `path`.
    func response(for refusal: Router.Refusal, path: String) -> HTTPResponse {
        switch refusal {
        case .notFound:
            response(for: HTTPErrorContext(status: .notFound, path: path, message: HTTPStatus.notFound.description))
        case .badPath:
            response(for: HTTPErrorContext(status: .badRequest, path: path, message: HTTPStatus.badRequest.description))
        case .methodNotAllowed(let allow):
            response(
                for: HTTPErrorContext(status: .methodNotAllowed, path: path, message: HTTPStatus.methodNotAllowed.description),
                headers: ["Allow": allow])
        }
    }
}
