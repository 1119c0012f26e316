import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Matches exam's server: `GET {base}/partidos.json` (the list) and
/// `GET {base}/check?id=ID&winner=1|2` → `{"id":ID,"result":true|false}`.
public struct MatchesClient: Sendable {
    /// Where `partidos.json` and `check` live. A URL given as `…/partidos.json` is taken as its
    /// folder.
    public let baseURL: URL
    /// What carries the requests.
    public let transport: any HTTPTransport

    /// Makes a client for the server at `baseURL`.
    public init(baseURL: URL, transport: any HTTPTransport) {
        self.baseURL = baseURL.lastPathComponent == "partidos.json" ? baseURL.deletingLastPathComponent() : baseURL
        self.transport = transport
    }

    /// The list of matches, `{base}/partidos.json`.
    public var list: JSONListClient<MatchItem> {
        JSONListClient(url: ServiceRequest.make("GET", base: baseURL, path: "partidos.json").url ?? baseURL, transport: transport)
    }

    /// `GET {base}/check?id=ID&winner=NUM`.
    public func checkRequest(id: Int, winner: Int) -> URLRequest {
        ServiceRequest.make("GET", base: baseURL, path: "check", query: [("id", String(id)), ("winner", String(winner))])
    }

    /// Asks whether `winner` (1 or 2) won match `id`; an answer about another match is malformed.
    public func check(id: Int, winner: Int) async throws(RemoteError) -> MatchCheckReply {
        let reply = try await transport.fetch(checkRequest(id: id, winner: winner), as: MatchCheckReply.self)
        guard reply.id == id else {
            throw .malformed("se ha preguntado por el partido \(id) y la respuesta es del \(reply.id)")
        }
        return reply
    }
}
