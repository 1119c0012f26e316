import Foundation
import HTTPServer
import Signals
import Synchronization

/// One SSE topic fed by a model's encoded snapshot.
///
/// The model encodes its snapshot to JSON once per change (a `Computed<Data>`); the same bytes
/// answer `GET /api/<app>/state` and go out once through the hub to every subscribed client.
/// Changes that come in a burst (several writes before the publisher runs) give one event.
final class LiveTopic: Sendable {
    /// The topic name in the hub (`quizzes`, or `player/7/quizzes` for a classroom player's).
    let name: String
    /// The SSE event name its events carry (the public topic name, e.g. `quizzes`).
    let event: String
    private let json: Computed<Data>
    private let hub: SSEHub
    private let queue: DispatchQueue
    /// Whether a publish is already scheduled; later changes of the burst ride along with it.
    private let scheduled = Mutex(false)
    /// Kept so the subscription lives as long as the topic.
    private let subscription = Mutex<Subscription?>(nil)

    /// Publishes `json` on `hub` under `name` (events named `event`, `name` by default) now and
    /// after every change.
    init(name: String, event: String? = nil, json: Computed<Data>, hub: SSEHub) {
        self.name = name
        self.event = event ?? name
        self.json = json
        self.hub = hub
        queue = DispatchQueue(label: "adivina.topic.\(name)")
        let token = json.subscribe { [weak self] _ in self?.schedulePublish() }
        subscription.withLock { $0 = token }
    }

    /// The current snapshot, encoded.
    var snapshot: Data { json.value }

    /// The response of `GET /api/<name>/state`.
    func stateResponse() -> HTTPResponse {
        var response = HTTPResponse.json(encoded: Array(json.value))
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// Stops publishing.
    func cancel() {
        subscription.withLock { $0?.cancel(); $0 = nil }
    }

    private func schedulePublish() {
        let alreadyScheduled = scheduled.withLock { flag in
            defer { flag = true }
            return flag
        }
        if alreadyScheduled { return }
        queue.async { [self] in
            // Clear the flag before reading: a change after this point schedules a new publish.
            scheduled.withLock { $0 = false }
            hub.publish(topic: name, event: event, data: Array(json.value))
        }
    }
}
