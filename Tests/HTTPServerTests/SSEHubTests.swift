import CEventLoop
import Testing
@testable import HTTPServer

/// The hub without sockets: ids, the replay ring, snapshots, and what it hands to the loop.
@Suite final class SSEHubTests {
    private var inboxes: [LoopInbox] = []

    deinit {
        for inbox in inboxes { inbox.closeWaker() }
    }

    func inbox() throws -> LoopInbox {
        var fds: [Int32] = [-1, -1]
        try #require(cel_waker_create(&fds) == 0)
        let inbox = LoopInbox(wakeReadFD: fds[0], wakeWriteFD: fds[1])
        inboxes.append(inbox)
        return inbox
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func idsIncreaseAndStartAboveAnyEarlierRun() {
        let hub = SSEHub()
        let first = hub.publish(topic: "a", data: "1")
        let second = hub.publish(topic: "b", data: "2")
        #expect(second == first + 1)
        #expect(hub.lastEventID == second)
        #expect(first > 1_700_000_000_000_000, "ids start at the creation time in microseconds")
    }

    @Test func freshStreamGetsTheLatestEventOfEachTopic() throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        hub.publish(topic: "quizzes", data: "old")
        let latest = hub.publish(topic: "quizzes", data: "new")
        hub.publish(topic: "other", data: "x")
        let opening = try #require(hub.openStream(topics: ["quizzes", "missing"], lastEventID: nil, inbox: try inbox()))
        #expect(text(opening.bytes) == "id: \(latest)\nevent: quizzes\ndata: new\n\n")
        #expect(opening.lastID == hub.lastEventID)
    }

    @Test func snapshotProviderWinsForFreshStreams() throws {
        let hub = SSEHub(configuration: .init(retry: .seconds(3)))
        hub.publish(topic: "quizzes", data: "published")
        hub.setSnapshotProvider { topic in topic == "quizzes" ? (event: "quizzes", data: "fresh\nsnapshot") : nil }
        let opening = try #require(hub.openStream(topics: ["quizzes", "quiz"], lastEventID: nil, inbox: try inbox()))
        #expect(text(opening.bytes) == "retry: 3000\n\nid: \(hub.lastEventID)\nevent: quizzes\ndata: fresh\ndata: snapshot\n\n")
    }

    @Test func knownLastEventIDReplaysOnlyMissedEventsOfTheClientsTopics() throws {
        let hub = SSEHub(configuration: .init(retry: nil))
        hub.setSnapshotProvider { _ in (event: "snap", data: "should not be used") }
        let seen = hub.publish(topic: "a", data: "1")
        hub.publish(topic: "b", data: "2")
        let missed = hub.publish(topic: "a", data: "3")
        let opening = try #require(hub.openStream(topics: ["a"], lastEventID: String(seen), inbox: try inbox()))
        #expect(text(opening.bytes) == "id: \(missed)\nevent: a\ndata: 3\n\n")
        let upToDate = try #require(hub.openStream(topics: ["a"], lastEventID: String(hub.lastEventID), inbox: try inbox()))
        #expect(upToDate.bytes.isEmpty)
    }

    @Test func tooOldOrUnknownLastEventIDGetsASnapshot() throws {
        let hub = SSEHub(configuration: .init(replayCapacity: 2, retry: nil))
        hub.setSnapshotProvider { topic in (event: topic, data: "snapshot") }
        let first = hub.publish(topic: "a", data: "1")
        hub.publish(topic: "a", data: "2")
        hub.publish(topic: "a", data: "3")
        hub.publish(topic: "a", data: "4")
        let expected = "id: \(hub.lastEventID)\nevent: a\ndata: snapshot\n\n"
        for lastEventID in [String(first), "garbage", "1", String(hub.lastEventID + 100), ""] {
            let opening = try #require(hub.openStream(topics: ["a"], lastEventID: lastEventID, inbox: try inbox()))
            #expect(text(opening.bytes) == expected, "Last-Event-ID \(lastEventID)")
        }
        let inRing = try #require(hub.openStream(topics: ["a"], lastEventID: String(hub.lastEventID - 1), inbox: try inbox()))
        #expect(text(inRing.bytes).hasSuffix("data: 4\n\n"))
    }

    @Test func publishHandsTheSameBytesToEveryRegisteredLoop() throws {
        let hub = SSEHub()
        let first = try inbox()
        let second = try inbox()
        _ = hub.openStream(topics: ["a"], lastEventID: nil, inbox: first)
        _ = hub.openStream(topics: ["a"], lastEventID: nil, inbox: second)
        let id = hub.publish(topic: "a", data: "x")
        var received: [EncodedEvent] = []
        for inbox in [first, second] {
            var messages: [LoopMessage] = []
            inbox.take(into: &messages)
            guard messages.count == 1, case .broadcast(let event) = messages[0] else {
                Issue.record("expected one broadcast")
                continue
            }
            #expect(event.topic == "a" && event.id == id && event.hub == ObjectIdentifier(hub))
            #expect(text(event.array) == "id: \(id)\nevent: a\ndata: x\n\n")
            received.append(event)
        }
        #expect(received.count == 2 && received.first === received.last, "one buffer, shared by the loops")
        hub.detach(first)
        hub.publish(topic: "a", data: "y")
        var after: [LoopMessage] = []
        first.take(into: &after)
        #expect(after.isEmpty)
    }
}
