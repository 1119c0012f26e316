import Foundation

/// The addresses of the running app: the one it is opened at, the one its own stand-ins are
/// reached at from this process, and the one students open in classroom mode.
struct ServerAddress: Sendable {
    /// The host given with `--host` (a name, an IPv4 or IPv6 address, `0.0.0.0`, `::`).
    let host: String
    /// The port the server is bound to.
    let port: Int
    /// The address students reach the app at through a reverse proxy (`--public-url`), or nil.
    var publicURL: URL? = nil

    /// `http://<host>:<port>/`, e.g. `http://127.0.0.1:8080/`.
    func pagesURL() throws(ConfigurationError) -> URL {
        try url(showing: host, path: "/")
    }

    /// Where this process reaches its own stand-ins: loopback when listening on every address.
    func localBase() throws(ConfigurationError) -> URL {
        switch host {
        case "0.0.0.0", "": try url(showing: "127.0.0.1", path: "/")
        case "::", "[::]": try url(showing: "::1", path: "/")
        default: try url(showing: host, path: "/")
        }
    }

    /// The classroom's join URL: `/clase/` at the public URL when there is one (behind a proxy
    /// the app's own address is not the one students open); else the first LAN IPv4 address
    /// when listening on every address (loopback if there is none), else the host given.
    func joinURL() throws(ConfigurationError) -> URL {
        if let publicURL { return publicURL.appendingPathComponent("clase", isDirectory: true) }
        return switch host {
        case "0.0.0.0", "", "::", "[::]": try url(showing: SystemCalls.firstLANIPv4() ?? "127.0.0.1", path: "/clase/")
        default: try url(showing: host, path: "/clase/")
        }
    }

    /// `http://<shown>:<port><path>`: an IPv6 address in brackets, with its zone (`%eth0`)
    /// escaped; an error naming `--host` if no URL can hold it.
    private func url(showing shown: String, path: String) throws(ConfigurationError) -> URL {
        var shown = shown
        if shown.contains(":") && !shown.hasPrefix("[") {
            shown = "[\(shown.replacingOccurrences(of: "%", with: "%25"))]"
        }
        guard let url = URL(string: "http://\(shown):\(port)\(path)"), url.host != nil else {
            throw .invalidValue("--host", "«\(host)» cannot be written in a URL")
        }
        return url
    }
}
