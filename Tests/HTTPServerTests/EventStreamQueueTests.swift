import Foundation
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

/// The fan-out's queues: bursts written whole and in order, events that wait for a full socket,
/// and a slow reader closed (and counted) without holding up the others.
@Suite struct EventStreamQueueTests {
    /// The events of a raw stream's bytes (after the response head) as (id, event, data).
    static func events(_ bytes: [UInt8]) -> [(id: UInt64, event: String, data: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let head = text.range(of: "\r\n\r\n") else { return [] }
        return text[head.upperBound...].components(separatedBy: "\n\n").dropLast().compactMap { block in
            var id: UInt64?
            var event = ""
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("id: ") { id = UInt64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            return id.map { ($0, event, data.joined(separator: "\n")) }
        }
    }

    static func request(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: h\r\nAccept: text/event-stream\r\n\r\n"
    }

    /// Data that shows whether an event arrived whole: its number, then `size` bytes of one letter.
    static func payload(_ number: Int, size: Int) -> String {
        let letter = Character(UnicodeScalar(UInt8(97 + number % 26)))
        return "\(number):" + String(repeating: letter, count: size)
    }

    @Test func aBurstReachesEachStreamWholeInOrderAndOnlyItsTopicsAndHub() async throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        let otherHub = SSEHub(configuration: .init(retry: nil))
        // The other hub's snapshot of "block" holds the loop until the gate opens, so every
        // event published meanwhile waits in the loop's inbox and is taken as one burst.
        let gate = Mutex((closed: true, entered: false))
        otherHub.setSnapshotProvider { topic in
            guard topic == "block" else { return nil }
            gate.withLock { $0.entered = true }
            while gate.withLock({ $0.closed }) { usleep(1000) }
            return nil
        }
        var router = EventStreamTests.router(hub)
        router.get("/other") { request in otherHub.streamResponse(for: request, topics: ["a"]) }
        router.get("/block") { request in otherHub.streamResponse(for: request, topics: ["block"]) }
        try await withServer(router, configuration: .init(port: 0, eventLoops: 1)) { server in
            let onlyA = try RawClient(port: server.port)
            onlyA.send(Self.request("/events?topics=a"))
            let both = try RawClient(port: server.port)
            both.send(Self.request("/events?topics=a,b"))
            let elsewhere = try RawClient(port: server.port)
            elsewhere.send(Self.request("/other"))
            #expect(await eventually { server.openEventStreams == 3 })
            let blocker = try RawClient(port: server.port)
            blocker.send(Self.request("/block"))
            #expect(await eventually { gate.withLock { $0.entered } })

            var published: [(id: UInt64, topic: String, data: String)] = []
            for number in 0..<300 {
                let topic = number % 2 == 0 ? "a" : "b"
                let data = Self.payload(number, size: number % 7 * 100)
                published.append((hub.publish(topic: topic, data: data), topic, data))
            }
            gate.withLock { $0.closed = false }
            let forA = published.filter { $0.topic == "a" }
            #expect(await both.receive { Self.events($0).count >= 300 })
            #expect(await onlyA.receive { Self.events($0).count >= 150 })
            #expect(Self.events(both.received).map(\.id) == published.map(\.id))
            #expect(Self.events(both.received).map(\.data) == published.map(\.data))
            #expect(Self.events(both.received).map(\.event) == published.map(\.topic))
            #expect(Self.events(onlyA.received).map(\.id) == forA.map(\.id))
            #expect(Self.events(onlyA.received).map(\.data) == forA.map(\.data))

            let own = otherHub.publish(topic: "a", data: "del otro hub")
            #expect(await elsewhere.receive { !Self.events($0).isEmpty })
            #expect(Self.events(elsewhere.received).map(\.id) == [own], "another hub's stream gets none of the first hub's events")
        }
    }

    @Test func eventsQueuedWhileTheSocketIsFullArriveWholeAndInOrder() async throws {
        let hub = SSEHub(configuration: .init(retry: nil, clientQueueLimit: 64 << 20))
        try await withServer(EventStreamTests.router(hub)) { server in
            let stalled = try RawClient(port: server.port, receiveBuffer: 4096)
            stalled.send(EventStreamTests.streamRequest)
            #expect(await eventually { server.openEventStreams == 1 })
            // 12 MB to a reader that reads nothing yet: the socket (its send buffer grows to 4 MB)
            // fills, the rest waits in the stream's queue (an event cut at the socket's edge),
            // then all goes out as it reads.
            // Published in one go: the socket cannot take 12 MB, so the rest must wait in the
            // stream's queue whatever the machine's speed (no pause lets the loop catch up).
            var published: [(id: UInt64, data: String)] = []
            for number in 0..<100 {
                let data = Self.payload(number, size: 120_000 + number)
                published.append((hub.publish(topic: "a", data: data), data))
            }
            let lastEvent = try #require(published.last)
            let end = Array("id: \(lastEvent.id)\nevent: a\ndata: \(lastEvent.data)\n\n".utf8)
            #expect(await stalled.receive { $0.count >= end.count && $0.suffix(end.count).elementsEqual(end) })
            let received = Self.events(stalled.received)
            #expect(received.map(\.id) == published.map(\.id))
            #expect(received.map(\.data) == published.map(\.data))
            #expect(server.eventStreamsClosedBehind == 0)
            #expect(server.openEventStreams == 1)
        }
    }

    /// The slow-reader test's event size: half the queue limit, so a reader one event behind is
    /// never closed, and few events fill the stalled reader's socket buffers.
    static let slowTestEvent = 32 * 1024

    @Test func aSlowReaderIsClosedAndCountedWhileTheOthersGetEveryEvent() async throws {
        let hub = SSEHub(configuration: .init(retry: nil, clientQueueLimit: 64 * 1024))
        try await withServer(EventStreamTests.router(hub)) { server in
            let slow = try RawClient(port: server.port, receiveBuffer: 4096)
            slow.send(EventStreamTests.streamRequest)
            let fast = try (0..<3).map { _ in try StreamText(url: "http://127.0.0.1:\(server.port)/events?topics=a") }
            defer { for stream in fast { stream.stop() } }
            #expect(await eventually { server.openEventStreams == 4 })
            // In step with the readers that keep up: each event is published once all three have
            // the one before, so they never have more than one event (half the queue limit) waiting, however busy
            // the machine, while the stalled reader piles every event up until it is closed.
            // (Paced by the clock instead, a busy machine let all of them fall behind.)
            var published: [UInt64] = []
            var afterClose = 0
            while afterClose < 20 && published.count < 1000 {
                published.append(hub.publish(topic: "a", data: Self.payload(published.count, size: Self.slowTestEvent)))
                if server.eventStreamsClosedBehind > 0 { afterClose += 1 }
                // The last event's end, looked for near the end of what each has read.
                let end = Self.payload(published.count - 1, size: Self.slowTestEvent) + "\n\n"
                let kept = await eventually(interval: .milliseconds(2)) {
                    fast.allSatisfy { $0.tail(2 * end.utf8.count).contains(end) }
                }
                try #require(kept, "the fast readers stopped reading after \(published.count) events")
            }
            #expect(server.eventStreamsClosedBehind == 1, "the slow reader was closed after \(published.count) events")
            #expect(await slow.receiveUntilClosed(), "its connection ends")
            #expect(await eventually { server.openEventStreams == 3 })
            let last = Self.payload(published.count - 1, size: Self.slowTestEvent) + "\n\n"
            for stream in fast {
                #expect(await eventually { stream.tail(2 * last.utf8.count).contains(last) })
                let events = stream.events
                #expect(events.map { $0["id"].flatMap { UInt64($0) } } == published, "every event, in order")
                #expect(events.enumerated().allSatisfy { $0.element["data"] == Self.payload($0.offset, size: Self.slowTestEvent) })
            }
        }
    }
}
