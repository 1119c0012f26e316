import Foundation
import Testing
@testable import AdivinaApp

/// Who may send a body is decided from the head alone: a host-only route without the host key
/// (or with a wrong one), a player's route without a player, an unknown path, answer at once
/// and never read the body, so big bodies from anyone cost the class nothing.
@Suite("A body is read only when its sender may send it")
@MainActor
struct UnreadBodyTests {
    /// `method path` with `headers`, announcing a 2 MB body and sending none of it.
    private func announce(
        _ method: String, _ path: String, port: Int, _ headers: String = "", timeout: Duration = .seconds(5)
    ) async -> (status: Int?, closed: Bool, text: String) {
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + headers + "Content-Length: 2097152\r\n\r\n"
        let (text, closed) = await rawExchange(port: port, head, timeout: timeout)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return (status, closed, text)
    }

    @Test func theHostsRoutesRefuseWithoutTheRightKeyBeforeTheBody() async throws {
        try await withClassroom { running, _, _ in
            let port = running.app.server.port
            let noKey = await announce("POST", "/api/classroom/sets/import?title=x", port: port)
            #expect(noKey.status == 401 && noKey.closed, "\(noKey.text)")
            #expect(noKey.text.contains("Falta la clave de anfitrión"))
            let wrongKey = await announce("POST", "/api/classroom/sets/import?title=x", port: port, "X-Host-Key: nope\r\n")
            #expect(wrongKey.status == 403 && wrongKey.closed, "\(wrongKey.text)")
            let image = await announce("POST", "/api/classroom/images", port: port, "Cookie: adivina_host=nope\r\n")
            #expect(image.status == 403 && image.closed, "\(image.text)")
            // With the key the body is awaited: nothing comes back before it (the body timeout).
            let key = try #require(running.app.hostKey)
            let withKey = await announce(
                "POST", "/api/classroom/sets/import?title=x", port: port, "X-Host-Key: \(key)\r\n", timeout: .seconds(1))
            #expect(withKey.status == nil && !withKey.closed, "\(withKey.text)")
        }
    }

    @Test func aPlayersRoutesRefuseWithoutAPlayerBeforeTheBody() async throws {
        try await withClassroom { running, _, _ in
            let port = running.app.server.port
            let check = await announce("POST", "/api/quizzes/1/check", port: port)
            #expect(check.status == 401 && check.closed, "\(check.text)")
            #expect(check.text.contains("Únete primero a la clase"))
            let forged = await announce("POST", "/api/trivia/answer", port: port, "Cookie: adivina_player=forged\r\n")
            #expect(forged.status == 401 && forged.closed, "\(forged.text)")
        }
    }

    @Test func unknownPathsAndPagesTakeNoBody() async throws {
        try await withClassroom { running, _, _ in
            let port = running.app.server.port
            let unknown = await announce("POST", "/api/nothing/here", port: port)
            #expect(unknown.status == 404 && unknown.closed, "\(unknown.text)")
            #expect(unknown.text.contains("\"error\""), "the API's JSON refusal")
            let page = await announce("GET", "/index.html", port: port)
            #expect(page.status == 413 && page.closed, "\(page.text)")
            let state = await announce("GET", "/api/classroom/state", port: port)
            #expect(state.status == 413 && state.closed, "\(state.text)")
        }
    }
}
