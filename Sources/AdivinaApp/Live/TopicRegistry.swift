import Foundation
import Synchronization

/// Every live topic of the running app by its name in the hub, for the hub's snapshot provider
/// (which runs on the event loop and must not wait for the main actor). Classroom players'
/// topics come and go as they join and leave.
final class TopicRegistry: Sendable {
    private let topics = Mutex<[String: LiveTopic]>([:])

    /// Adds (or replaces) `topics`.
    func register(_ added: some Sequence<LiveTopic>) {
        topics.withLock { table in
            for topic in added { table[topic.name] = topic }
        }
    }

    /// Forgets `removed`.
    func unregister(_ removed: some Sequence<LiveTopic>) {
        topics.withLock { table in
            for topic in removed { table[topic.name] = nil }
        }
    }

    /// The event name and current snapshot of the topic called `name` in the hub, or nil.
    func snapshot(_ name: String) -> (event: String, data: String)? {
        guard let topic = topics.withLock({ $0[name] }) else { return nil }
        return (event: topic.event, data: String(decoding: topic.snapshot, as: UTF8.self))
    }
}
