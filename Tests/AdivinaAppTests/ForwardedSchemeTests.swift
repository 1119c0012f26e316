import HTTPServer
import Testing
@testable import AdivinaApp

/// How a request came, behind `--trust-proxy`: HTTPS only when the trusted proxy says so, and
/// then the session cookies are `Secure`.
@Suite("The scheme from the trusted proxy, and Secure cookies over HTTPS")
struct ForwardedSchemeTests {
    private func request(from peer: String, _ headers: HTTPHeaders) -> HTTPRequest {
        var request = HTTPRequest(method: .post, target: "/api/classroom/join", headers: headers)
        request.clientAddress = peer
        return request
    }

    @Test func onlyTheTrustedProxyIsBelievedAboutHTTPS() {
        let addresses = ClientAddresses(trustedProxy: "127.0.0.1")
        #expect(addresses.cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": "https"])))
        #expect(addresses.cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": " HTTPS "])))
        #expect(!addresses.cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": "http"])))
        #expect(!addresses.cameOverHTTPS(request(from: "127.0.0.1", [:])), "no header: plain HTTP")
        #expect(!addresses.cameOverHTTPS(request(from: "10.0.0.66", ["X-Forwarded-Proto": "https"])),
                "a student's own header proves nothing")
        #expect(!ClientAddresses(trustedProxy: nil).cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": "https"])),
                "without --trust-proxy nobody is believed")
    }

    @Test func theProxysOwnValueIsTheLast() {
        let addresses = ClientAddresses(trustedProxy: "127.0.0.1")
        #expect(!addresses.cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": "https, http"])))
        #expect(addresses.cameOverHTTPS(request(from: "127.0.0.1", ["X-Forwarded-Proto": "http,https"])))
    }

    @Test func everySessionCookieIsSecureOverHTTPSOnly() {
        for secure in [true, false] {
            var response = HTTPResponse(status: .ok)
            response.setSessionCookie("adivina_player", "t0k", secure: secure)
            response.setMarkerCookie("adivina_clase", "1", secure: secure)
            response.expireCookie("adivina_host", path: "/api/classroom", secure: secure)
            let cookies = response.headers.values(for: "Set-Cookie")
            #expect(cookies.count == 3)
            for cookie in cookies {
                #expect(cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.contains("Secure") == secure, "\(cookie)")
            }
            #expect(cookies.first?.hasPrefix("adivina_player=t0k; Path=/; HttpOnly; SameSite=Strict") == true)
        }
    }
}
