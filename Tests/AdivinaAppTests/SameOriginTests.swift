import HTTPServer
import Testing
@testable import AdivinaApp

/// The cross-site rule alone: the app's own origin (over http or https), a trusted proxy's public
/// host, and the body types an action may carry.
@Suite("SameOrigin: actions only from the app's own pages, with JSON bodies")
struct SameOriginTests {
    private func request(_ headers: HTTPHeaders, body: String = "") -> HTTPRequest {
        HTTPRequest(method: .post, target: "/api/x", headers: headers, body: Array(body.utf8))
    }

    @Test func theOwnOriginOverHTTPOrHTTPSPassesAnotherIsRefused() throws {
        try SameOrigin.check(request(["Host": "aula:8080", "Origin": "http://aula:8080"]), trustsProxy: false)
        try SameOrigin.check(request(["Host": "aula:8080", "Origin": "https://AULA:8080"]), trustsProxy: false)
        try SameOrigin.check(request(["Host": "aula:8080"]), trustsProxy: false)
        #expect(throws: HTTPError(.forbidden, message: "Esta acción solo se puede hacer desde las páginas de Adivina.")) {
            try SameOrigin.check(request(["Host": "aula:8080", "Origin": "http://aula:9090"]), trustsProxy: false)
        }
    }

    @Test func aProxysPublicHostCountsOnlyWhenTrusted() throws {
        let behindProxy = request(["Host": "127.0.0.1:8080", "X-Forwarded-Host": "clase.example", "Origin": "https://clase.example"])
        try SameOrigin.check(behindProxy, trustsProxy: true)
        #expect(throws: HTTPError.self) { try SameOrigin.check(behindProxy, trustsProxy: false) }
    }

    @Test func aBodyMustBeJSON() throws {
        try SameOrigin.check(request(["Host": "a", "Content-Type": "application/json; charset=utf-8"], body: "{}"), trustsProxy: false)
        #expect(throws: HTTPError(.unsupportedMediaType, message: "El cuerpo de la petición debe ser JSON (Content-Type: application/json).")) {
            try SameOrigin.check(request(["Host": "a", "Content-Type": "text/plain"], body: "{}"), trustsProxy: false)
        }
        #expect(throws: HTTPError.self) { try SameOrigin.check(request(["Host": "a"], body: "{}"), trustsProxy: false) }
    }
}
