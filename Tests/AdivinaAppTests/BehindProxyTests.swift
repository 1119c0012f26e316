import Foundation
import Testing
@testable import AdivinaApp

/// The classroom behind a TLS reverse proxy, over HTTP in process (nginx itself in
/// `Tests/Browser/test_https_nginx.py`): `Secure` cookies only when the trusted proxy says the
/// request came over HTTPS, and the join URL at `--public-url`.
@Suite("Classroom behind a reverse proxy: Secure cookies and the public join URL")
@MainActor
struct BehindProxyTests {
    private static let overHTTPS = ["X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.66"]

    private func isSecure(_ reply: RunningApp.Reply) -> Bool {
        (reply.headers["set-cookie"] ?? "").split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces) == "Secure" }
    }

    @Test func overHTTPSThroughTheTrustedProxyEveryCookieIsSecure() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, _, _ in
            let key = try #require(running.app.hostKey)
            let phone = ClassroomClient(base: running.url, headers: Self.overHTTPS)
            let (joined, player) = try await phone.join("Ana")
            #expect(joined.status == 201 && isSecure(joined), "\(joined.headers)")
            let me = try await player.get("/api/classroom/me")
            #expect(me.status == 200 && isSecure(me))
            let login = try await phone.post("/api/classroom/host/login", try ClassroomClient.json(["key": key]))
            #expect(login.status == 200 && isSecure(login))
            let gone = try await ClassroomClient(base: running.url, cookie: "adivina_player=nope", headers: Self.overHTTPS)
                .get("/api/classroom/me")
            #expect(gone.status == 401 && isSecure(gone), "the expiring cookies match the ones set")

            let plain = try await ClassroomClient(base: running.url, headers: ["X-Forwarded-For": "10.0.0.7"]).join("Bea").0
            #expect(plain.status == 201 && !isSecure(plain), "the proxy's plain-HTTP side: no Secure, or the browser drops the cookie")
        }
    }

    @Test func aForgedProtoFromAnyoneElseIsIgnored() async throws {
        try await withClassroom(["--trust-proxy", "10.9.9.9"]) { running, _, _ in
            let (joined, _) = try await ClassroomClient(base: running.url, headers: Self.overHTTPS).join("Ana")
            #expect(joined.status == 201 && !isSecure(joined))
        }
        try await withClassroom { running, _, _ in
            let (joined, _) = try await ClassroomClient(base: running.url, headers: Self.overHTTPS).join("Ana")
            #expect(joined.status == 201 && !isSecure(joined), "without --trust-proxy")
        }
    }

    @Test func theJoinURLIsAtThePublicURL() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1", "--public-url", "https://aula.local"]) { running, _, anyone in
            #expect(running.app.joinURL?.absoluteString == "https://aula.local/clase/")
            let info = try await anyone.get("/api/classroom/info")
            #expect(info.json["joinURL"] as? String == "https://aula.local/clase/")
        }
    }
}
