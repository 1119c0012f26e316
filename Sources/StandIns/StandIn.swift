import Foundation
import HTTPServer

/// An offline stand-in of a remote service: answers requests below `mountPath` from memory,
/// without HTTP, so its contract can be tested directly; `mount(on:)` puts it on the server.
public protocol StandIn: Sendable {
    /// Where it is mounted (`/standin/quiz`), without a trailing slash.
    var mountPath: String { get }
    /// Answers one request: `path` is below the mount point and starts with `/`, `query` holds
    /// the decoded query parameters (the first value of each name).
    func respond(method: String, path: String, query: [String: String]) -> StandInResponse
}

extension StandIn {
    /// Adds the stand-in to `router` under `mountPath`, for every method (HEAD is answered as GET).
    ///
    ///     var router = Router()
    ///     standIn.mount(on: &router)   // /standin/quiz/api/quizzes/random10?token=…
    public func mount(on router: inout Router) {
        var routes = Router()
        for method in HTTPMethod.allCases where method != .head {
            routes.add(method, "/*") { [self] request in response(to: request) }
        }
        router.mount(mountPath, routes)
    }

    /// Answers one request routed to the stand-in; the route's `*` parameter is the path below
    /// the mount point, and the first value of each query item counts.
    func response(to request: HTTPRequest) -> HTTPResponse {
        var query: [String: String] = [:]
        for item in request.queryItems where query[item.name] == nil {
            query[item.name] = item.value
        }
        let method = request.method == .head ? "GET" : request.method.rawValue
        let answer = respond(method: method, path: "/" + (request.parameters["*"] ?? ""), query: query)
        return HTTPResponse(
            status: HTTPStatus(code: answer.status),
            headers: ["Content-Type": answer.contentType],
            body: Array(answer.body))
    }

    /// `path` as a mount path: one leading slash, none at the end, no empty segments.
    static func normalizedMountPath(_ path: String) -> String {
        let trimmed = path.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "" : "/" + trimmed
    }
}
