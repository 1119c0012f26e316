import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// The caps on one client address's connections (`ClientCaps`): a device past them is answered
/// 503 with `Retry-After` and closed, while other addresses are served. 127.0.0.2 and 127.0.0.3
/// play two devices (on Linux all of 127.0.0.0/8 is this machine's; a Mac has only 127.0.0.1).
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: TestSystem.processResourcesAvailable, "needs loopback addresses other than 127.0.0.1 (Linux)"))
struct ClientCapsTests {
    /// A router whose `/wait` opens `started`, then answers once `gate` opens.
    static func router(_ gate: Latch, started: Latch = Latch()) -> Router {
        var router = Router()
        router.get("/ok") { _ in .text("ok") }
        router.get("/wait") { _ in
            started.open()
            _ = await gate.wait(timeout: hangBound)
            return .text("waited")
        }
        return router
    }

    /// A server with `caps` whose timeouts never end a connection during a test, however slow
    /// the machine.
    static func configuration(_ caps: ClientCaps) -> HTTPServer.Configuration {
        HTTPServer.Configuration(port: 0, requestHeadTimeout: .seconds(600), idleTimeout: .seconds(600), clientCaps: caps)
    }

    /// Whether `client` was answered 503 with `Retry-After` and closed.
    static func refused(_ client: RawClient) async -> Bool {
        guard await client.receiveUntilClosed(),
              let response = RawResponse.parseAll(client.received).first
        else { return false }
        return response.status == 503 && response.header("Retry-After") == "5"
    }

    static func served(_ client: RawClient, _ path: String = "/ok", headers: String = "") async -> Bool {
        client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\(headers)\r\n")
        return await client.receiveResponses(1).first?.status == 200
    }

    @Test func aDeviceHoldsAtMostItsIdleConnectionsAndOthersAreServed() async throws {
        let (gate, started) = (Latch(), Latch())
        let caps = ClientCaps(connections: 8, idleConnections: 2)
        try await withServer(Self.router(gate, started: started), configuration: Self.configuration(caps)) { server in
            let first = try RawClient(port: server.port, from: "127.0.0.2")
            let second = try RawClient(port: server.port, from: "127.0.0.2")
            #expect(await eventually { server.openConnections == 2 })
            let third = try RawClient(port: server.port, from: "127.0.0.2")
            #expect(await Self.refused(third), "a third idle connection from the same device")
            #expect(await Self.served(try RawClient(port: server.port, from: "127.0.0.3")), "another device is served")

            // A connection that asks something is no longer idle: the device may open another.
            first.send("GET /wait HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await started.wait(timeout: hangBound))
            let fourth = try RawClient(port: server.port, from: "127.0.0.2")
            #expect(await Self.served(fourth))
            // Now `second` and `fourth` are idle: answered, `first` would be a third, so it closes.
            gate.open()
            #expect(await first.receiveUntilClosed())
            #expect(RawResponse.parseAll(first.received).first?.header("Connection") == "close")
            #expect(await Self.served(second))
        }
    }

    @Test func aDeviceHoldsAtMostItsConnections() async throws {
        let (gate, started) = (Latch(), Latch())
        defer { gate.open() }
        let caps = ClientCaps(connections: 2, idleConnections: 2)
        try await withServer(Self.router(gate, started: started), configuration: Self.configuration(caps)) { server in
            let busy = try RawClient(port: server.port, from: "127.0.0.2")
            busy.send("GET /wait HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await started.wait(timeout: hangBound))
            let idle = try RawClient(port: server.port, from: "127.0.0.2")
            #expect(await eventually { server.openConnections == 2 })
            #expect(await Self.refused(try RawClient(port: server.port, from: "127.0.0.2")))
            #expect(await Self.served(idle))
        }
    }

    @Test func requestsThroughAProxyCountAgainstTheClientItForwardsThemFor() async throws {
        let (gate, started) = (Latch(), Latch())
        let caps = ClientCaps(
            connections: 1, idleConnections: 1, exempt: { $0 == "127.0.0.1" },
            forwardedAddress: { $0.headers["X-Forwarded-For"] })
        try await withServer(Self.router(gate, started: started), configuration: Self.configuration(caps)) { server in
            // The proxy itself is never capped: three idle connections from it.
            let proxied = try (0..<3).map { _ in try RawClient(port: server.port) }
            let waiting = try #require(proxied.first)
            waiting.send("GET /wait HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 10.0.0.9\r\n\r\n")
            #expect(await started.wait(timeout: hangBound))
            let again = proxied[1]
            again.send("GET /ok HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 10.0.0.9\r\n\r\n")
            #expect(await Self.refused(again), "the same client's second request at once")
            #expect(await Self.served(proxied[2], headers: "X-Forwarded-For: 10.0.0.10\r\n"), "another client")
            gate.open()
            #expect(await waiting.receiveResponses(1).first?.status == 200)
            #expect(await Self.served(proxied[2], headers: "X-Forwarded-For: 10.0.0.9\r\n"), "its request done, the client may ask again")
        }
    }
}
