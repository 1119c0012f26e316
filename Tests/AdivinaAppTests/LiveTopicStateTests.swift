import Foundation
import HTTPServer
import Signals
import Testing

@testable import AdivinaApp

/// The state route's response as a topic keeps it: made from the model's snapshot, kept for the
/// event loops until the snapshot changes, never read from the model on their behalf.
@Suite("LiveTopic: the kept state response")
struct LiveTopicStateTests {
    @Test func theKeptResponseGoesWithTheFirstChangeAndComesBackWithTheNextRead() throws {
        let state = State(1)
        let json = Computed { Data("{\"n\":\(state.value)}".utf8) }
        let topic = LiveTopic(name: "kept-state-test", json: json, hub: SSEHub())
        defer { topic.cancel() }
        #expect(topic.keptStateResponse() == nil, "nothing kept before the first read")

        let first = topic.stateResponse()
        #expect(first.body == Array("{\"n\":1}".utf8))
        #expect(topic.keptStateResponse()?.body == first.body)

        state.value = 2
        #expect(topic.keptStateResponse() == nil, "a change: the loops leave the next read to the pool")
        #expect(topic.stateResponse().body == Array("{\"n\":2}".utf8))
        #expect(topic.keptStateResponse()?.body == Array("{\"n\":2}".utf8))
    }
}
