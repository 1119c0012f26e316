import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the requests of the remote clients: a service's base URL (its query and fragment
/// dropped, trailing slashes trimmed) + a path + a query escaped by `QueryEncoding`, asking for JSON.
enum ServiceRequest {
    /// `method base/path?name=value&…`.
    static func make(_ method: String, base: URL, path: String, query: [(name: String, value: String)]) -> URLRequest {
        var text = base.absoluteString
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        while text.hasSuffix("/") { text.removeLast() }
        text += "/\(path)"
        if !query.isEmpty { text += "?\(QueryEncoding.query(query))" }
        guard let url = URL(string: text) else {
            preconditionFailure("a base URL that parsed plus an escaped path and query must parse: \(text)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }
}
