import HTTPServer

/// The cross-site rule of the web API: an action (any method but `GET` and `HEAD`) is taken
/// only from the app's own pages. A request whose `Origin` is present and is not the app's own
/// (the `Host` it was sent to, over http or https; with `--trust-proxy`, also the proxy's public
/// `X-Forwarded-Host`) is refused with 403, and a body must be JSON (`Content-Type:
/// application/json`), 415 otherwise — so a page on another site can neither post a form nor a
/// `text/plain` body to the API on its visitor's behalf.
enum SameOrigin {
    /// Throws the refusal of an action `request` that comes from another site or carries a body
    /// that is not JSON.
    /// `fileBody`: the route takes a file of its own type (a question bank); its body may have
    /// any type, the origin rule alone keeping other sites out.
    static func check(_ request: HTTPRequest, trustsProxy: Bool, fileBody: Bool = false) throws(HTTPError) {
        if let origin = request.headers["Origin"], !ownOrigins(of: request, trustsProxy: trustsProxy).contains(origin.lowercased()) {
            throw HTTPError(.forbidden, message: "Esta acción solo se puede hacer desde las páginas de Adivina.")
        }
        if !fileBody, !request.body.isEmpty, !isJSON(request.headers["Content-Type"]) {
            throw HTTPError(.unsupportedMediaType, message: "El cuerpo de la petición debe ser JSON (Content-Type: application/json).")
        }
    }

    /// The origins the app's own pages send from.
    private static func ownOrigins(of request: HTTPRequest, trustsProxy: Bool) -> [String] {
        var hosts = [request.headers["Host"]]
        if trustsProxy { hosts.append(request.headers["X-Forwarded-Host"]) }
        return hosts.compactMap { $0?.lowercased() }.flatMap { ["http://\($0)", "https://\($0)"] }
    }

    private static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first else { return false }
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
