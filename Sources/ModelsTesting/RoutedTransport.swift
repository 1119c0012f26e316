import Foundation
import Models
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fake `HTTPTransport` that answers by URL path (whatever order concurrent requests come in),
/// or by path and `page` query value when given one, counts the requests per path, and can hold
/// a path's answer until a gate opens. A path with no reply is answered `404` with WordPress's
/// `rest_no_route` body.
public final class RoutedTransport: HTTPTransport {
    private struct Routes {
        var replies: [String: ScriptedTransport.Reply] = [:]
        var gates: [String: ScriptedTransport.Gate] = [:]
        var requests: [URLRequest] = []
    }

    private let routes = Mutex(Routes())

    /// Makes a fake with no routes: every path is answered `404`.
    public init() {}

    /// Answers `path` with `reply` from now on.
    public func answer(_ path: String, with reply: ScriptedTransport.Reply) {
        routes.withLock { $0.replies[path] = reply }
    }

    /// Answers `path` when its query has `page=N` with `reply` from now on (before `answer(path:)`).
    public func answer(_ path: String, page: Int, with reply: ScriptedTransport.Reply) {
        routes.withLock { $0.replies["\(path)?page=\(page)"] = reply }
    }

    /// How many requests asked for `path` with `page=N`.
    public func count(_ path: String, page: Int) -> Int {
        requests.filter { $0.url?.path == path && Self.page(of: $0) == page }.count
    }

    private static func page(of request: URLRequest) -> Int? {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        return components.queryItems?.first { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    /// Holds the answers of `path` until the returned gate opens.
    public func hold(_ path: String) -> ScriptedTransport.Gate {
        let gate = ScriptedTransport.Gate()
        routes.withLock { $0.gates[path] = gate }
        return gate
    }

    /// Every request so far.
    public var requests: [URLRequest] { routes.withLock { $0.requests } }

    /// How many requests asked for `path`.
    public func count(_ path: String) -> Int {
        requests.filter { $0.url?.path == path }.count
    }

    public func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        let (reply, gate) = routes.withLock { routes in
            routes.requests.append(request)
            let paged = Self.page(of: request).flatMap { routes.replies["\(path)?page=\($0)"] }
            return (paged ?? routes.replies[path], routes.gates[path])
        }
        if let gate { await gate.wait() }
        return try (reply ?? Self.noRoute).answer(request)
    }

    private static let noRoute = ScriptedTransport.Reply.json(
        #"{"code":"rest_no_route","message":"No route","data":{"status":404}}"#, status: 404)
}
