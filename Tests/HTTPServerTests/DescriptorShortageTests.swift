import Foundation
import Testing
import TestSupport

/// `accept` failing for lack of file descriptors: the server says so once on standard error (not
/// once per attempt), goes on serving the connections it has, and takes the waiting ones as
/// descriptors come free. `HTTPBenchServer` runs with room for 20 more descriptors than it has
/// open at the start (`prlimit --pid`), and gets 70 connections.
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: TestSystem.processResourcesAvailable, "counts the server's descriptors, which this system does not tell"))
struct DescriptorShortageTests {
    static let request = "GET /json HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Whether `client` has an answer to every request it sent (`count` of them).
    static func answered(_ client: RawClient, count: Int = 1) async -> Bool {
        await client.receive { bytes in
            String(decoding: bytes, as: UTF8.self).components(separatedBy: "Hello, World!").count - 1 >= count
        }
    }

    /// Whether `client` has an answer already (a short wait).
    static func hasAnswer(_ client: RawClient) async -> Bool {
        await client.receive(timeout: .milliseconds(50)) { $0.count > 0 }
    }

    @Test func runningOutIsSaidOnceAndTheOpenConnectionsAreStillServed() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else {
            Issue.record("prlimit (util-linux) is needed to run the server with few descriptors")
            return
        }
        let server = try await BenchServerProcess()
        // Fully up once it has answered a request (its threads may open descriptors of their own).
        let warmUp = try RawClient(port: server.port)
        warmUp.send(Self.request)
        #expect(await Self.answered(warmUp))
        warmUp.shutdown()
        try await server.limitOpenFiles(to: server.fileDescriptors + 20)
        func said() -> Int {
            String(decoding: server.child.errorData, as: UTF8.self).components(separatedBy: "no file descriptors left").count - 1
        }

        // Far more connections than descriptors: the first ones are accepted, the rest wait.
        var clients: [RawClient] = []
        for _ in 0..<70 {
            let client = try RawClient(port: server.port)
            client.send(Self.request)
            clients.append(client)
        }
        let first = try #require(clients.first)
        #expect(await Self.answered(first))
        let deadline = ContinuousClock.now + .seconds(20)
        while said() == 0 && ContinuousClock.now < deadline { _ = await Self.hasAnswer(first) }
        #expect(said() == 1, "said when accept first failed")

        var served: [Int] = []
        for (index, client) in clients.enumerated() where await Self.hasAnswer(client) { served.append(index) }
        #expect(served.count < clients.count, "some connections wait for a descriptor")

        // An open connection is still served.
        first.send(Self.request)
        #expect(await Self.answered(first, count: 2))

        // Ten served connections close: ten waiting ones are taken and answered, and the server
        // runs out again without saying it again.
        for index in served.suffix(10) { clients[index].shutdown() }
        let waiting = clients.indices.filter { !served.contains($0) }
        let next = try #require(waiting.first)
        #expect(await Self.answered(clients[next]), "a waiting connection is served once descriptors come free")
        var more = 0
        for index in waiting where await Self.hasAnswer(clients[index]) { more += 1 }
        #expect(more >= 1 && more < waiting.count)
        #expect(said() == 1, "not once per attempt")
        #expect(server.child.isRunning)
    }
}
