import Foundation
import HTTPServer
import Signals
import Synchronization

/// One SSE topic fed by a model's encoded snapshot.
///
/// The model encodes its snapshot to JSON once per change (a `Computed<Data>`); the same bytes
/// answer `GET /api/<app>/state` and go out once through the hub to every subscribed client.
/// Changes that come in a burst (several writes before the publisher runs) give one event; with
/// a `minimumInterval`, changes within that time of the last event wait and ride along with the
/// next one (a busy topic with many subscribers, like the classroom's leaderboard).
final class LiveTopic: Sendable {
    /// The topic name in the hub (`quizzes`, or `player/7/quizzes` for a classroom player's).
    let name: String
    /// The SSE event name its events carry (the public topic name, e.g. `quizzes`).
    let event: String
    private let json: Computed<Data>
    private let hub: SSEHub
    private let queue: DispatchQueue
    /// The least time between two events, in nanoseconds (0: publish as soon as possible).
    private let minimumInterval: Int
    /// Whether a publish is already scheduled (later changes of the burst ride along with it),
    /// and when the last one ran.
    private let pending = Mutex((scheduled: false, last: DispatchTime(uptimeNanoseconds: 0)))
    /// Kept so the subscription lives as long as the topic.
    private let subscription = Mutex<Subscription?>(nil)

    /// Publishes `json` on `hub` under `name` (events named `event`, `name` by default) now and
    /// after every change.
    init(name: String, event: String? = nil, json: Computed<Data>, hub: SSEHub, minimumInterval: Duration = .zero) {
        self.name = name
        self.event = event ?? name
        self.minimumInterval = Int(minimumInterval.components.seconds) * 1_000_000_000
            + Int(minimumInterval.components.attoseconds / 1_000_000_000)
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
        let last = pending.withLock { state -> DispatchTime? in
            defer { state.scheduled = true }
            return state.scheduled ? nil : state.last
        }
        guard let last else { return }
        if minimumInterval <= 0 {
            queue.async { [self] in publish() }
        } else {
            let earliest = DispatchTime(uptimeNanoseconds: last.uptimeNanoseconds + UInt64(minimumInterval))
            queue.asyncAfter(deadline: max(earliest, .now())) { [self] in publish() }
        }
    }

    private func publish() {
        // Clear the flag before reading: a change after this point schedules a new publish.
        pending.withLock { $0 = (scheduled: false, last: .now()) }
        hub.publish(topic: name, event: event, data: Array(json.value))
    }
}
