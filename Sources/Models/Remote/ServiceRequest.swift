import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the requests of the remote clients: a service's base URL (its query and fragment
/// dropped, trailing slashes trimmed) + a path + a query escaped by `QueryEncoding`, asking for JSON.
enum ServiceRequest {
    /// `method base/path?name=value&…` (no `?` when `query` is empty).
    static func make(
        _ method: String, base: URL, path: String, query: [(name: String, value: String)] = []
    ) -> URLRequest {
        var text = base.absoluteString
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        while text.hasSuffix("/") { text.removeLast() }
        text += "/\(path)"
        if !query.isEmpty { text += "?\(QueryEncoding.query(query))" }
        guard let url = URL(string: text) else {
            preconditionFailure("a base URL that parsed plus an escaped path and query must parse: \(text)")
        }
        return make(method, url: url)
    }

    /// `method url`, the URL used as it is (query included).
    static func make(_ method: String, url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }
}

extension HTTPTransport {
    /// Sends `request` and decodes its JSON body as `type`, with `RemoteResponse`'s rules (status,
    /// HTML instead of JSON, truncated or misshapen JSON).
    public func fetch<Value: Decodable>(_ request: URLRequest, as type: Value.Type) async throws(RemoteError) -> Value {
        let (body, head) = try await send(request)
        return try RemoteResponse(body: body, head: head).decoded(as: type)
    }
}
