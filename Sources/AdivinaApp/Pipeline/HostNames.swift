import Foundation
import HTTPServer

/// The names the app answers to, against DNS rebinding: a page of another site whose name is
/// made to point at this machine sends its own name as `Host`, and the same-origin rule (which
/// trusts `Host`) would take it for the app's. A request whose `Host` is not one of these gets
/// 421 before any route runs: `localhost`, `127.0.0.1`, `[::1]`, the `--host` address, the LAN
/// address printed for students (listening on every address), and the `--public-url` host.
/// The port is not compared (a proxy's public port differs from the app's). A request without
/// `Host` (HTTP/1.0) passes: no browser sends one.
struct HostNames: Sendable {
    /// The names, lowercased, IPv6 addresses in brackets.
    let names: Set<String>

    /// The names of an app started with `configuration`, students joining at `joinHost` (the
    /// join URL's host, when there is one).
    init(configuration: Configuration, joinHost: String?) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        for name in [configuration.host, joinHost, configuration.publicURL?.host].compactMap({ $0 }) where !name.isEmpty {
            names.insert(Self.normalized(name))
        }
        self.names = names
    }

    /// Whether `host`, a `Host` header's value (`name`, `name:port`, `[v6]:port`), names the app.
    func allows(_ host: String) -> Bool {
        names.contains(Self.name(ofHostHeader: host))
    }

    /// The 421 for a request whose `Host` is not the app's, or nil.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["Host"], !allows(host) else { return nil }
        return HTTPError(
            .misdirectedRequest,
            message: "Esta dirección no es la de Adivina: ábrela con la dirección que muestra el profesor."
        ).response
    }

    /// The name part of a `Host` value, lowercased: `[::1]:8080` → `[::1]`, `Aula:80` → `aula`.
    static func name(ofHostHeader host: String) -> String {
        let host = host.lowercased()
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[...close]) }
        if let colon = host.firstIndex(of: ":") { return String(host[..<colon]) }
        return host
    }

    /// A name as a `Host` header carries it: an IPv6 address in brackets, lowercased.
    private static func normalized(_ name: String) -> String {
        let name = name.lowercased()
        return name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
    }
}
