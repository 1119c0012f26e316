import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// A server with several event loops: connections spread over them, every loop serves, SSE
/// broadcasts and `closeStreams` reach each loop's streams once, shutdown stops them all.
@Suite struct EventLoopsTests {
    static let hello = "GET /hello HTTP/1.1\r\nHost: h\r\n\r\n"

    static func router(_ hub: SSEHub) -> Router {
        var router = EventStreamTests.router(hub)
        router.get("/hello") { _ in .text("hola") }
        return router
    }

    @Test func theDefaultIsOneLoopPerCore() {
        #expect(HTTPServer.Configuration().eventLoops == min(16, ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test(arguments: [2, 3])
    func connectionsSpreadOverTheLoopsAndEveryLoopServes(loops: Int) async throws {
        try await withServer(Self.router(SSEHub()), configuration: .init(port: 0, eventLoops: loops)) { server in
            #expect(server.connectionsPerLoop.count == loops)
            var clients: [RawClient] = []
            for _ in 0..<(4 * loops) {
                let client = try RawClient(port: server.port)
                client.send(Self.hello)
                let answered = await client.receiveResponses(1)
                #expect(answered.first?.bodyText == "hola")
                clients.append(client)
            }
            // Every connection stays open (keep-alive) and was answered by the loop that owns it.
            let perLoop = server.connectionsPerLoop
            #expect(perLoop.reduce(0, +) == 4 * loops)
            #expect(perLoop.allSatisfy { $0 >= 3 }, "each loop owns its share: \(perLoop)")
            for client in clients {
                client.send(Self.hello)
                #expect(await client.receiveResponses(2).count == 2, "every loop answers again")
            }
            for client in clients { client.shutdown() }
            #expect(await eventually { server.openConnections == 0 && server.connectionsPerLoop.allSatisfy { $0 == 0 } })
        }
    }

    @Test func aSubscriberOnEachLoopGetsEachBroadcastOnce() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        try await withServer(Self.router(hub), configuration: .init(port: 0, eventLoops: 2)) { server in
            let clients = try await EventStreamTests.openStreams(8, on: server)
            #expect(server.connectionsPerLoop.allSatisfy { $0 >= 3 }, "\(server.connectionsPerLoop)")
            let first = hub.publish(topic: "a", data: "uno")
            let second = hub.publish(topic: "a", data: "dos")
            for client in clients {
                #expect(await client.receive { String(decoding: $0, as: UTF8.self).contains("id: \(second)\n") })
                let text = client.text
                #expect(text.components(separatedBy: "id: \(first)\n").count == 2, "once: \(text)")
                #expect(text.components(separatedBy: "id: \(second)\n").count == 2, "once: \(text)")
            }
            #expect(hub.subscriberCount(of: "a") == 8)
        }
    }

    @Test func closeStreamsReachesEveryLoop() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        try await withServer(Self.router(hub), configuration: .init(port: 0, eventLoops: 2)) { server in
            let clients = try await EventStreamTests.openStreams(6, on: server)
            #expect(server.connectionsPerLoop.allSatisfy { $0 >= 2 }, "\(server.connectionsPerLoop)")
            hub.closeStreams(on: "a")
            for client in clients { #expect(await client.receiveUntilClosed()) }
            #expect(await eventually { server.openEventStreams == 0 && server.openConnections == 0 })
            #expect(hub.subscriberCount(of: "a") == 0)
        }
    }

    @Test func shutdownStopsEveryLoop() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        let server = try HTTPServer(configuration: .init(port: 0, eventLoops: 3), router: Self.router(hub))
        let streams = try await EventStreamTests.openStreams(3, on: server)
        let idle = try RawClient(port: server.port)
        idle.send(Self.hello)
        #expect(await idle.receiveResponses(1).count == 1)
        #expect(server.connectionsPerLoop.allSatisfy { $0 >= 1 }, "\(server.connectionsPerLoop)")
        await server.shutdown()
        for client in streams + [idle] { #expect(await client.receiveUntilClosed()) }
        #expect(server.openConnections == 0 && server.openEventStreams == 0)
        #expect(throws: (any Error).self, "nobody listens any more") { try RawClient(port: server.port) }
    }
}
