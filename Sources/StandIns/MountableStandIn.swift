import Foundation
import HTTPServer

/// A stand-in whose pure core answers `StandInRequest`s, mounted on the HTTP server under
/// `mountPath` (e.g. `/standin/quiz`).
public protocol MountableStandIn: Sendable {
    /// Where the stand-in is mounted, without a trailing slash.
    var mountPath: String { get }
    /// Answers one request routed to the stand-in.
    func respond(to request: StandInRequest) -> StandInResponse
}

/// Where the stand-ins answer: a serial queue with a thread of its own, not Swift's cooperative
/// pool, because an answer may write a file and wait for the disk (the quiz stand-in's
/// favourites are flushed on every change). A stand-in answers in microseconds, so one queue
/// for all of them is plenty.
private let standInQueue = DispatchQueue(label: "adivina.standins")

extension MountableStandIn {
    /// Adds the stand-in to `router` under `mountPath`, for every method (HEAD is answered as GET).
    /// Its test controls (`<mountPath>/control/…`, e.g. the outage switch) answer only when
    /// `controls` is true; otherwise they are a 404, like a path the service does not have.
    ///
    ///     var router = Router()
    ///     standIn.mount(on: &router)   // /standin/quiz/api/quizzes/random10?token=…
    public func mount(on router: inout Router, controls: Bool = false) {
        var routes = Router()
        for method in HTTPMethod.allCases where method != .head {
            routes.add(method, "/*") { [self] request in
                if !controls, Self.isControl(request.parameters["*"] ?? "") {
                    return .text(HTTPStatus.notFound.description + "\n", status: .notFound)
                }
                return await withCheckedContinuation { continuation in
                    standInQueue.async { continuation.resume(returning: response(to: request)) }
                }
            }
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
        let answer = respond(
            to: StandInRequest(
                method: method, path: "/" + (request.parameters["*"] ?? ""), query: query, host: request.headers["Host"]))
        var headers: HTTPHeaders = ["Content-Type": answer.contentType]
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        return HTTPResponse(status: HTTPStatus(code: answer.status), headers: headers, body: Array(answer.body))
    }

    /// Whether `path` (below the mount point) is one of the test controls.
    static func isControl(_ path: String) -> Bool {
        path == "control" || path.hasPrefix("control/")
    }

    /// `mountPath` made canonical: one leading slash, no trailing slash, "" for the root.
    static func normalizedMountPath(_ path: String) -> String {
        let trimmed = path.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "" : "/" + trimmed
    }
}
