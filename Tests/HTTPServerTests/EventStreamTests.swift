import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// Server-sent events end to end: streams read as a tab reads them, and raw sockets, against the real server.
@Suite struct EventStreamTests {
    static func router(_ hub: SSEHub) -> Router {
        var router = Router()
        router.get("/events") { request in
            let topics = (request.query("topics") ?? "").split(separator: ",").map(String.init)
            return hub.streamResponse(for: request, topics: topics)
        }
        return router
    }

    static let streamRequest = "GET /events?topics=a HTTP/1.1\r\nHost: h\r\nAccept: text/event-stream\r\n\r\n"

    /// Opens `count` streams of topic "a" and waits until the server counts them all.
    static func openStreams(_ count: Int, on server: HTTPServer) async throws -> [RawClient] {
        let clients = try (0..<count).map { _ in try RawClient(port: server.port) }
        for client in clients { client.send(streamRequest) }
        #expect(await eventually { server.openEventStreams == count })
        return clients
    }

    /// Publishes `data` on topic "a" and expects every client to receive it as the latest event.
    static func expect(_ clients: [RawClient], receive data: String, publishedBy hub: SSEHub) async {
        let id = hub.publish(topic: "a", data: data)
        // Looked for in what came, not at its very end: a heartbeat may follow the event.
        let event = Array("id: \(id)\nevent: a\ndata: \(data)\n\n".utf8)
        for client in clients {
            #expect(await client.receive { $0.firstRange(of: event) != nil })
        }
    }

    @Test func aStreamSeesSnapshotThenBroadcastsWithCorrectFraming() async throws {
        let hub = SSEHub(configuration: .init(retry: .milliseconds(1500)))
        hub.setSnapshotProvider { topic in (event: topic, data: "{\"snapshot\":\"\(topic)\"}") }
        try await withServer(Self.router(hub)) { server in
            let stream = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=quizzes,quiz")
            defer { stream.stop() }
            #expect(await eventually { stream.events.count == 2 })
            #expect(stream.text.hasPrefix("retry: 1500\n\n"))
            #expect(stream.events.map { $0["event"] } == ["quizzes", "quiz"])
            #expect(stream.events.first?["data"] == #"{"snapshot":"quizzes"}"#)

            let id = hub.publish(topic: "quizzes", data: "línea 1\nlínea 2")
            hub.publish(topic: "unrelated", data: "not for this client")
            #expect(await eventually { stream.events.count == 3 })
            let event = stream.events.last
            #expect(event?["id"] == String(id))
            #expect(event?["event"] == "quizzes")
            #expect(event?["data"] == "línea 1\nlínea 2")
            #expect(stream.text.contains("data: línea 1\ndata: línea 2\n\n"))
            #expect(!stream.text.contains("not for this client"))
        }
    }

    /// The closed streams get the farewell as their last event, without an id (no later stream
    /// replays it, and the client's last event id stays the topic's); the others get nothing.
    @Test func closeStreamsEndsEveryStreamOfATopicAndNoOtherWithAFarewell() async throws {
        let hub = SSEHub()
        var router = Router()
        router.get("/events") { request in
            hub.streamResponse(for: request, topics: (request.query("topics") ?? "").split(separator: ",").map(String.init))
        }
        try await withServer(router) { server in
            let (removed, kept) = (try RawClient(port: server.port), try RawClient(port: server.port))
            removed.send("GET /events?topics=a,player/7 HTTP/1.1\r\nHost: h\r\n\r\n")
            kept.send("GET /events?topics=a,player/8 HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(await eventually { server.openEventStreams == 2 })
            hub.closeStreams(on: "player/7", farewell: ("bye", Array(#"{"reason":"removed"}"#.utf8)))
            #expect(await removed.receiveUntilClosed(), "the removed player's stream ends at once")
            #expect(removed.text.hasSuffix("event: bye\ndata: {\"reason\":\"removed\"}\n\n"), "\(removed.text)")
            #expect(await eventually { server.openEventStreams == 1 && hub.subscriberCount(of: "a") == 1 })
            await Self.expect([kept], receive: "still here", publishedBy: hub)
            #expect(!kept.text.contains("bye"))
        }
    }

    @Test func aCapRefusesTheStreamsOverItAndCountsTheClosedOnesOut() async throws {
        let hub = SSEHub()
        var router = Router()
        router.get("/events") { request in
            let cap = StreamCap(topic: "client/x", limit: 2, refusal: HTTPError(.tooManyRequests, message: "demasiadas"))
            return hub.streamResponse(for: request, topics: ["a"], cap: cap)
        }
        try await withServer(router) { server in
            let clients = try (0..<5).map { _ in try RawClient(port: server.port) }
            for client in clients { client.send(Self.streamRequest) }
            var refused = 0
            for client in clients {
                _ = await client.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
                if client.text.hasPrefix("HTTP/1.1 429") { refused += 1 }
            }
            #expect(refused == 3, "five streams racing to open: two fit under the cap")
            #expect(hub.subscriberCount(of: "client/x") == 2)
            for client in clients where client.text.hasPrefix("HTTP/1.1 200") { client.shutdown() }
            #expect(await eventually { hub.subscriberCount(of: "client/x") == 0 })
            let again = try RawClient(port: server.port)
            again.send(Self.streamRequest)
            #expect(await again.receive { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") })
        }
    }

    @Test func responseHeadIsAnEventStream() async throws {
        let hub = SSEHub()
        try await withClient(Self.router(hub)) { client in
            client.send(Self.streamRequest)
            await client.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
            let head = client.text
            #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(head.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
            #expect(head.contains("Cache-Control: no-cache\r\n"))
            #expect(!head.contains("Content-Length"))
        }
    }

    @Test func reconnectWithLastEventIDReplaysWhatWasMissed() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        hub.setSnapshotProvider { topic in (event: topic, data: "snapshot") }
        try await withServer(Self.router(hub)) { server in
            let seen = hub.publish(topic: "a", data: "seen")
            let missed1 = hub.publish(topic: "a", data: "missed 1")
            hub.publish(topic: "b", data: "other topic")
            let missed2 = hub.publish(topic: "a", data: "missed 2")
            let stream = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a", headers: ["Last-Event-ID: \(seen)"])
            defer { stream.stop() }
            #expect(await eventually { stream.events.count == 2 })
            #expect(stream.events.map { $0["id"] } == [String(missed1), String(missed2)])
            #expect(stream.events.map { $0["data"] } == ["missed 1", "missed 2"])

            let stale = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a", headers: ["Last-Event-ID: 12"])
            defer { stale.stop() }
            #expect(await eventually { stale.events.count == 1 })
            #expect(stale.events.first?["data"] == "snapshot")
        }
    }

    @Test func heartbeatKeepsIdleStreamsAlive() async throws {
        let hub = SSEHub(configuration: .init(heartbeatInterval: .milliseconds(100), retry: nil))
        try await withServer(Self.router(hub)) { server in
            let stream = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a")
            defer { stream.stop() }
            #expect(await eventually { stream.text.components(separatedBy: ": heartbeat\n\n").count >= 3 })
            #expect(stream.events.isEmpty, "a comment is not an event")
        }
    }

    @Test func broadcastReachesEveryClient() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        try await withServer(Self.router(hub)) { server in
            let clients = try await Self.openStreams(50, on: server)
            await Self.expect(clients, receive: "para todos", publishedBy: hub)
        }
    }

    @Test func twoEventLoopsShareTheClientsAndEveryoneGetsTheBroadcast() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        try await withServer(Self.router(hub), configuration: .init(port: 0, maxConnections: 40, eventLoops: 2)) { server in
            let clients = try await Self.openStreams(40, on: server)
            await Self.expect(clients, receive: "dos bucles", publishedBy: hub)
            let refused = try RawClient(port: server.port)
            #expect(await refused.receiveUntilClosed(), "the connection cap counts both loops")
        }
    }

    @Test func vanishedClientsAreCleanedUpAtOnce() async throws {
        let hub = SSEHub()
        try await withServer(Self.router(hub)) { server in
            let client = try RawClient(port: server.port)
            client.send(Self.streamRequest)
            #expect(await eventually { server.openEventStreams == 1 })
            client.shutdown()
            #expect(await eventually { server.openEventStreams == 0 && server.openConnections == 0 })
        }
    }

    @Test func aClientThatCannotKeepUpIsDisconnected() async throws {
        let hub = SSEHub(configuration: .init(retry: nil, clientQueueLimit: 256 * 1024))
        try await withServer(Self.router(hub)) { server in
            let slow = try RawClient(port: server.port, receiveBuffer: 4096)
            slow.send(Self.streamRequest)
            let fast = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a")
            defer { fast.stop() }
            #expect(await eventually { server.openEventStreams == 2 })
            let big = String(repeating: "x", count: 64 * 1024)
            var published = 0
            while server.openEventStreams > 1 && published < 400 {
                published += 1
                hub.publish(topic: "a", data: big + "#\(published)")
                // In step with the reader that keeps up: it never has more than this event waiting,
                // however busy the machine, while the stalled one piles every event up. (Paced by
                // the clock instead, a busy machine let both fall behind and dropped both.)
                let read = await eventually(interval: .milliseconds(2)) { fast.tail(64).contains("#\(published)\n\n") }
                if !read { break }
            }
            #expect(await eventually { server.openEventStreams == 1 }, "the slow client was dropped after \(published) events")
            #expect(published < 400)
            let last = hub.publish(topic: "a", data: "still flowing")
            #expect(await eventually { fast.text.contains("id: \(last)\n") }, "the fast client keeps receiving")
        }
    }

    @Test func shutdownClosesStreams() async throws {
        let hub = SSEHub()
        let server = try HTTPServer(configuration: .init(port: 0), router: Self.router(hub))
        let stream = try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a")
        defer { stream.stop() }
        #expect(await eventually { server.openEventStreams == 1 })
        await server.shutdown()
        #expect(await eventually { stream.ended })
        hub.publish(topic: "a", data: "after shutdown goes nowhere")
    }
}

/// `SSEHub.subscriberCount(of:)`: the open streams of each topic, as streams open and close.
@Suite struct StreamAudienceTests {
    @Test func countsOpenStreamsPerTopicAsTheyComeAndGo() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        try await withServer(EventStreamTests.router(hub)) { server in
            #expect(hub.subscriberCount(of: "a") == 0)
            let both = try RawClient(port: server.port)
            both.send("GET /events?topics=a,b,a HTTP/1.1\r\nHost: h\r\nAccept: text/event-stream\r\n\r\n")
            let onlyA = try RawClient(port: server.port)
            onlyA.send(EventStreamTests.streamRequest)
            #expect(await eventually { hub.subscriberCount(of: "a") == 2 && hub.subscriberCount(of: "b") == 1 })
            both.shutdown()
            #expect(await eventually { hub.subscriberCount(of: "a") == 1 && hub.subscriberCount(of: "b") == 0 })
            onlyA.shutdown()
            #expect(await eventually { hub.subscriberCount(of: "a") == 0 && server.openEventStreams == 0 })
        }
    }
}
