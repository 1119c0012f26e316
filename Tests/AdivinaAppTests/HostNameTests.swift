import Foundation
import Testing
@testable import AdivinaApp

/// DNS rebinding: a request whose `Host` is not one of the app's names gets 421 before any
/// route runs (a page, the API, the stand-ins); the app's own names pass, port aside.
@Suite("Only the app's own names reach it: 421 for any other Host")
@MainActor
struct HostNameTests {
    private func status(port: Int, host: String, path: String = "/") async -> (Int?, String) {
        let (text, _) = await rawExchange(port: port, "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        return (text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }, text)
    }

    @Test func anotherSitesNameIsRefusedBeforeAnyRoute() async throws {
        try await withClassroom(["--public-url", "https://Aula.Example/"]) { running, _, _ in
            let port = running.app.server.port
            for path in ["/", "/api/classroom/state", "/api/classroom/host/start", "/standin/quiz/quizzes", "/nothing"] {
                let (code, text) = await status(port: port, host: "rebound.attacker.example:\(port)", path: path)
                #expect(code == 421, "\(path): \(text)")
            }
            let (_, text) = await status(port: port, host: "rebound.attacker.example")
            #expect(text.contains("Esta dirección no es la de Adivina"))
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "aula.example", "aula.example:443"] {
                let (code, text) = await status(port: port, host: host)
                #expect(code == 200, "\(host): \(text)")
            }
        }
    }

    @Test func theNamesComeFromTheFlags() throws {
        let configuration = try #require(try Configuration.parse(
            ["--host", "192.168.1.20", "--public-url", "https://clase.local:8443/"], environment: ["HOME": "/tmp"]))
        let names = HostNames(configuration: configuration, joinHost: "192.168.1.20")
        #expect(names.names == ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "clase.local"])
        let everywhere = try #require(try Configuration.parse(["--host", "::"], environment: ["HOME": "/tmp"]))
        #expect(HostNames(configuration: everywhere, joinHost: "10.1.2.3").allows("10.1.2.3:8080"))
        #expect(!HostNames(configuration: everywhere, joinHost: "10.1.2.3").allows("10.1.2.4:8080"))
        #expect(HostNames.name(ofHostHeader: "[::1]:8080") == "[::1]")
        #expect(HostNames.name(ofHostHeader: "Aula:80") == "aula")
        #expect(HostNames.name(ofHostHeader: "aula") == "aula")
    }
}
