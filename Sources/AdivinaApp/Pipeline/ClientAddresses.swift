import HTTPServer

/// Where a request comes from, for the per-client limits and the same-origin rule: the peer's
/// address, or on a connection from the trusted reverse proxy (`--trust-proxy ADDR`) the last
/// address of `X-Forwarded-For` (the one the proxy itself added; earlier ones are the client's
/// word and prove nothing). And how it came: over HTTPS only when the trusted proxy says so
/// (`X-Forwarded-Proto: https`); the app itself speaks plain HTTP, so anyone else's header is
/// ignored.
///
/// Loopback is never limited (`isLoopback`): it is the teacher's own machine, the projector
/// beside it, the tests and the benchmarks. Behind a proxy on the same machine every client
/// arrives from loopback, so the proxy's forwarded address is what counts.
struct ClientAddresses: Sendable {
    /// The proxy whose forwarded headers are believed, or nil.
    let trustedProxy: String?

    /// Connections one device may have open at once: a browser's six per site, its event
    /// streams (at most `ClassroomSession.streamsPerClient`) and room to spare.
    static let connectionsPerClient = 48
    /// Connections one device may hold open without asking anything (see `ClientCaps`).
    static let idleConnectionsPerClient = 16

    /// The server's caps on each device's connections (`ClientCaps`): every address but this
    /// machine's own (127.0.0.1, ::1: the teacher's browser, the projector beside it, the tests;
    /// any other address, 127.0.0.2 included, is a device) and the trusted proxy's, whose
    /// requests count against the client it forwards them for.
    var connectionCaps: ClientCaps {
        let addresses = self
        return ClientCaps(
            connections: Self.connectionsPerClient, idleConnections: Self.idleConnectionsPerClient,
            exempt: { address in
                address.isEmpty || address == "127.0.0.1" || address == "::1" || address == addresses.trustedProxy
            },
            forwardedAddress: { request in
                guard addresses.isFromTrustedProxy(request) else { return nil }
                let client = addresses.address(of: request)
                return client == request.clientAddress ? nil : client
            })
    }

    /// Whether `request` came through the trusted proxy.
    func isFromTrustedProxy(_ request: HTTPRequest) -> Bool {
        trustedProxy != nil && request.clientAddress == trustedProxy
    }

    /// The client's address for `request` (see the type's rule).
    func address(of request: HTTPRequest) -> String {
        if isFromTrustedProxy(request), let forwarded = request.headers["X-Forwarded-For"],
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
           Self.isIPAddress(last)
        {
            return last
        }
        return request.clientAddress
    }

    /// Whether `request` reached the trusted proxy over HTTPS: only on the proxy's connections,
    /// by the last value of `X-Forwarded-Proto` (the proxy's own, as with `X-Forwarded-For`).
    /// The session cookies are `Secure` then.
    func cameOverHTTPS(_ request: HTTPRequest) -> Bool {
        guard isFromTrustedProxy(request), let proto = request.headers["X-Forwarded-Proto"],
              let last = proto.split(separator: ",").last
        else { return false }
        return last.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// Whether `address` is this machine's own (127.0.0.0/8, ::1) or unknown (a request made in
    /// process): such clients are not limited.
    static func isLoopback(_ address: String) -> Bool {
        address.isEmpty || address == "::1" || address.hasPrefix("127.")
    }

    /// Whether `text` is an IPv4 or IPv6 address literal.
    static func isIPAddress(_ text: String) -> Bool {
        SystemCalls.isIPAddress(text)
    }
}
