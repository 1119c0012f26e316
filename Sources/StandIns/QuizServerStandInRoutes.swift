import Foundation
import HTTPServer

/// The quiz stand-in on the HTTP server: every request below `mountPath` goes to
/// `respond(method:path:query:)`.
extension QuizServerStandIn {
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
}
