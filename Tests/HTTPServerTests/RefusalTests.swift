import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// Bad input over real sockets: the right status, the connection closed after it, and the
/// timeouts and connection cap that stop slow or greedy clients.
@Suite struct RefusalTests {
    static func router() -> Router {
        var router = Router()
        router.get("/ok") { _ in .text("ok") }
        router.post("/upload") { _ in .text("ok") }
        return router
    }

    func answer(_ bytes: String, configuration: HTTPServer.Configuration = .init(port: 0)) async throws -> (RawResponse?, closed: Bool) {
        try await withClient(Self.router(), configuration: configuration) { client in
            client.send(bytes)
            let closed = await client.receiveUntilClosed()
            return (RawResponse.parseAll(client.received).first, closed)
        }
    }

    @Test(arguments: [
        ("GET /ok HTTP/1.1\r\n\r\n", 400),
        ("GET /ok HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET /ok HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("GET /ok HTTP/1.1\r\nHost: a\r\nX: 1\r\n 2\r\n\r\n", 400),
        ("POST /ok HTTP/1.1\r\nHost: a\r\nContent-Length: 1x\r\n\r\n", 400),
        ("POST /ok HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n", 400),
        ("POST /ok HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("POST /ok HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
        ("BREW /ok HTTP/1.1\r\nHost: a\r\n\r\n", 501),
        ("GET /ok HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET /\(String(repeating: "x", count: 9000)) HTTP/1.1\r\nHost: a\r\n\r\n", 414),
        ("GET /ok HTTP/1.1\r\nHost: a\r\n\((0..<120).map { "X-\($0): 1\r\n" }.joined())\r\n", 431),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n", 413),
        ("PUT /ok HTTP/1.1\r\nHost: a\r\nExpect: nothing\r\nContent-Length: 1\r\n\r\nx", 417),
    ])
    func refusedAndClosed(request: String, expected: Int) async throws {
        let (response, closed) = try await answer(request)
        #expect(response?.status == expected)
        #expect(response?.header("Connection") == "close")
        #expect(closed)
    }

    @Test(arguments: [80 * 1024, 1 << 20])
    func oneHeaderLineOver8KBIs431WhateverTheHeadLimit(maxHeadBytes: Int) async throws {
        let configuration = HTTPServer.Configuration(port: 0, limits: .init(maxHeadBytes: maxHeadBytes))
        let line = "X-Big: " + String(repeating: "v", count: 8 * 1024 - 7)  // exactly 8 KB
        let (fits, _) = try await answer("GET /ok HTTP/1.1\r\nHost: a\r\n\(line)\r\nConnection: close\r\n\r\n", configuration: configuration)
        #expect(fits?.status == 200)
        let (response, closed) = try await answer("GET /ok HTTP/1.1\r\nHost: a\r\n\(line)v\r\n\r\n", configuration: configuration)
        #expect(response?.status == 431)
        #expect(response?.bodyText.contains("a header field over 8192 bytes") == true)
        #expect(closed)
    }

    @Test func oversizedHeadIs431WithoutWaitingForItsEnd() async throws {
        let big = String(repeating: "v", count: 90 * 1024)
        let (response, closed) = try await answer("GET /ok HTTP/1.1\r\nHost: a\r\nX-Big: \(big)")
        #expect(response?.status == 431)
        #expect(closed)
    }

    @Test func slowHeadGets408() async throws {
        let configuration = HTTPServer.Configuration(port: 0, requestHeadTimeout: .milliseconds(300))
        try await withClient(Self.router(), configuration: configuration) { client in
            client.send("GET /ok HTTP/1.1\r\nHo")
            #expect(await client.receiveUntilClosed(timeout: .seconds(30)))
            #expect(RawResponse.parseAll(client.received).first?.status == 408)
        }
    }

    @Test func slowBodyGets408() async throws {
        let configuration = HTTPServer.Configuration(port: 0, requestBodyTimeout: .milliseconds(300))
        try await withClient(Self.router(), configuration: configuration) { client in
            client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
            #expect(await client.receiveUntilClosed())
            #expect(RawResponse.parseAll(client.received).first?.status == 408)
        }
    }

    @Test func silentConnectionIsClosedAfterTheHeadTimeout() async throws {
        let configuration = HTTPServer.Configuration(port: 0, requestHeadTimeout: .milliseconds(200))
        try await withClient(Self.router(), configuration: configuration) { client in
            #expect(await client.receiveUntilClosed(timeout: .seconds(30)))
            #expect(client.received.isEmpty)
        }
    }

    @Test func idleKeepAliveConnectionIsClosed() async throws {
        let configuration = HTTPServer.Configuration(port: 0, idleTimeout: .milliseconds(300))
        try await withClient(Self.router(), configuration: configuration) { client in
            client.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await client.receiveResponses(1).first?.status == 200)
            #expect(await client.receiveUntilClosed(timeout: .seconds(30)))
            #expect(RawResponse.parseAll(client.received).count == 1, "closed quietly, without a 408")
        }
    }

    @Test func connectionsOverTheCapAreClosed() async throws {
        let configuration = HTTPServer.Configuration(port: 0, maxConnections: 2)
        try await withServer(Self.router(), configuration: configuration) { server in
            let first = try RawClient(port: server.port)
            let second = try RawClient(port: server.port)
            first.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
            second.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await first.receiveResponses(1).count == 1)
            #expect(await second.receiveResponses(1).count == 1)
            let third = try RawClient(port: server.port)
            #expect(await third.receiveUntilClosed())
            #expect(third.received.isEmpty)
            first.send("GET /ok HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            #expect(await first.receiveUntilClosed())
            first.shutdown()
            var answered = false
            let deadline = ContinuousClock.now + .seconds(20)
            while !answered && ContinuousClock.now < deadline {
                let retry = try RawClient(port: server.port)
                retry.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
                answered = await retry.receiveResponses(1).count == 1
            }
            #expect(answered, "a freed slot is usable again")
        }
    }

    @Test func aClientThatStopsReadingIsDropped() async throws {
        var router = Self.router()
        let big = [UInt8](repeating: 65, count: 16 << 20)
        router.get("/big") { _ in HTTPResponse(body: big) }
        let configuration = HTTPServer.Configuration(port: 0, writeTimeout: .milliseconds(300))
        try await withServer(router, configuration: configuration) { server in
            let client = try RawClient(port: server.port, receiveBuffer: 4096)
            client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await eventually { server.openConnections == 1 })
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func garbageNeverCrashesTheServer() async throws {
        try await withServer(Self.router()) { server in
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<50 {
                let client = try RawClient(port: server.port)
                client.send((0..<Int.random(in: 1...3000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
                client.send("\r\n\r\n")
                await client.receiveUntilClosed(timeout: .seconds(2))
            }
            let healthy = try RawClient(port: server.port)
            healthy.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(await healthy.receiveResponses(1).first?.bodyText == "ok")
        }
    }
}
