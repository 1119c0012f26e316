import Foundation
import HTTPServer
import Models
import StandIns

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The models' transport when a service is one of the app's own stand-ins: a request addressed
/// at `origin` goes straight to the stand-in mounted at its path, in this process, through the
/// same `Router` code and the same stand-in instance the server mounts (its favourites, its
/// outage switch); any other request goes to `network` (the real servers, over `URLSession`).
///
/// No socket, no loopback HTTP and no port: a stand-in called so can be addressed before the
/// server is bound, and its answer never waits on the app's own event loop or connection caps.
/// Only a stand-in whose answers do not depend on the `Host` it is asked at belongs here (the
/// quiz stand-in: its image links are paths on the same server); the news stand-in writes
/// absolute links from the `Host`, so it stays on the loopback address.
struct InProcessTransport: HTTPTransport {
    /// Where the in-process stand-ins are addressed: a name that never resolves (`.invalid`, RFC
    /// 6761), so a request that slipped past this transport could reach nothing.
    static let origin = URL(string: "http://in-process.invalid/") ?? URL(fileURLWithPath: "/")

    private let standIns: Router
    private let network: any HTTPTransport

    /// A transport answering `standIns` in process (each at its `mountPath` below `origin`), and
    /// everything else through `network`.
    init(standIns: [any MountableStandIn], network: any HTTPTransport) {
        var router = Router()
        for standIn in standIns { standIn.mount(on: &router) }
        self.standIns = router
        self.network = network
    }

    func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
        guard let url = request.url, url.scheme == Self.origin.scheme, url.host == Self.origin.host,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return try await network.send(request) }
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET") ?? .get
        let response = await standIns.respond(
            to: HTTPRequest(method: method, target: target, headers: headers, body: Array(request.httpBody ?? Data())))
        if Task.isCancelled { throw .cancelled }
        var fields: [String: String] = [:]
        for field in response.headers.fields { fields[field.name] = field.value }
        guard let answer = HTTPURLResponse(url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: fields)
        else { throw .malformed("the stand-in's answer") }
        return (Data(response.body), answer)
    }
}
