import Foundation
import HTTPServer
import Models
import Signals
import Synchronization

/// One SSE topic fed by a model's encoded snapshot.
///
/// The model encodes its snapshot to JSON once per change (a `Computed<Data>`); the same bytes
/// answer `GET /api/<app>/state` and go out once through the hub to every subscribed client.
/// Changes that come in a burst (several writes before the publisher runs) give one event. A
/// busy topic with many subscribers (the classroom's leaderboard) can send patches instead of
/// whole snapshots, and space its events (`Spacing`): changes within that time of the last event
/// wait and ride along with the next one. A change with a part every screen waits for (a
/// question or its chart: `PatchableSnapshot.firstStep(toward:)`) sends that part alone (at once
/// when asked, `publishNow`) and the rest one spacing later, so the awaited event is never
/// written behind bulky rows.
final class LiveTopic: Sendable {
    /// The topic name in the hub (`quizzes`, or `player/7/quizzes` for a classroom player's).
    let name: String
    /// The SSE event name its events carry (the public topic name, e.g. `quizzes`).
    let event: String
    private let json: Computed<Data>
    /// What a client that connects now starts from (see `snapshot`).
    private let opening: @Sendable () -> Data
    /// The next event to send (name, data, and whether the change has a rest still to send), or
    /// nil when there is nothing new to send; `awaited`: only the part of a change every screen
    /// waits for (nil when it has none).
    private let nextEvent: @Sendable (_ awaited: Bool) -> Event?
    private let hub: SSEHub
    private let queue: DispatchQueue
    private let spacing: Spacing
    /// Whether a publish is already scheduled (later changes of the burst ride along with it),
    /// and when the last one ran.
    private let pending = Mutex((scheduled: false, last: DispatchTime(uptimeNanoseconds: 0)))
    /// Kept so the subscription lives as long as the topic.
    private let subscription = Mutex<Subscription?>(nil)
    /// The last `stateResponse` made, the bytes it was made from and the count of changes seen
    /// before they were read: asked again before the snapshot changes, the same response is
    /// answered, with no copy.
    private let lastState = Mutex<(changes: UInt64, json: Data, response: HTTPResponse)?>(nil)
    /// How many changes of the snapshot this topic has been told of (one per notification).
    private let changes = Atomic<UInt64>(0)

    /// Publishes `json` on `hub` under `name` (events named `event`, `name` by default) now and
    /// after every change.
    convenience init(name: String, event: String? = nil, json: Computed<Data>, hub: SSEHub) {
        self.init(name: name, event: event, json: json, changes: json, hub: hub)
    }

    /// Publishes `json` as above, woken by `changes` (the value `json` encodes, when it is not
    /// `json` itself): the encoding then runs on the topic's queue when it publishes, not in the
    /// change's wave on the writer's thread. A class player's view is published so: 1,000 of
    /// them change when a question closes, and the projector's chart waits for that wave.
    /// `qos`: the priority of the topic's queue; a class player's view is `.utility`, so that the
    /// 1,000 views a close changes yield the cores to the projector's chart (`.userInteractive`,
    /// the patched topics').
    convenience init<Value: Sendable>(
        name: String, event: String? = nil, json: Computed<Data>, changes: Computed<Value>, hub: SSEHub, qos: DispatchQoS = .default
    ) {
        let event = event ?? name
        self.init(name: name, event: event, json: json, changes: changes, hub: hub, spacing: .none, qos: qos, opening: { json.value }) { _ in
            Event(name: event, data: Array(json.value))
        }
    }

    /// Publishes the whole `snapshot` first, then after every change only a patch on the last
    /// event sent (`PatchableSnapshot`), in events named `<event>.patch`; a change a page would
    /// not see sends nothing. Clients that connect later get the whole snapshot from the hub's
    /// snapshot provider (`json`), or the events they missed. Patches hold whole rows and values,
    /// never increments: a client whose snapshot was read while a patch was on its way may see
    /// that patch's rows at their values of a moment before, until the next event (the change
    /// that made its snapshot newer has one scheduled) sets them right.
    convenience init<Snapshot: PatchableSnapshot>(
        name: String, event: String? = nil, snapshot: Computed<Snapshot>, json: Computed<Data>, hub: SSEHub,
        spacing: Spacing = .none
    ) {
        let event = event ?? name
        // Only the topic's serial queue calls `nextEvent`; the lock makes that plain to the compiler
        // and guards the last sent snapshot's encoding, made once when a client first needs it.
        let lastSent = Mutex<(snapshot: Snapshot, json: Data?)?>(nil)
        let opening: @Sendable () -> Data = {
            lastSent.withLock { last in
                guard let sent = last else { return json.value }
                if let encoded = sent.json { return encoded }
                let encoded = sent.snapshot.json()
                last = (sent.snapshot, encoded)
                return encoded
            }
        }
        self.init(
            name: name, event: event, json: json, changes: snapshot, hub: hub, spacing: spacing, qos: .userInteractive, opening: opening
        ) { awaited in
            let current = snapshot.value
            return lastSent.withLock { last in
                guard let sent = last?.snapshot else {
                    last = (current, nil)
                    return Event(name: event, data: Array(current.json()))
                }
                if let step = sent.firstStep(toward: current) {
                    last = (step, nil)
                    return step.patchJSON(from: sent).map { Event(name: event + ".patch", data: Array($0), rest: true) }
                }
                guard !awaited else { return nil }
                last = (current, nil)
                return current.patchJSON(from: sent).map { Event(name: event + ".patch", data: Array($0)) }
            }
        }
    }

    private init<Value>(
        name: String, event: String, json: Computed<Data>, changes: Computed<Value>, hub: SSEHub,
        spacing: Spacing, qos: DispatchQoS, opening: @escaping @Sendable () -> Data,
        nextEvent: @escaping @Sendable (_ awaited: Bool) -> Event?
    ) {
        self.opening = opening
        self.name = name
        self.event = event
        self.spacing = spacing
        self.json = json
        self.nextEvent = nextEvent
        self.hub = hub
        queue = DispatchQueue(label: "adivina.topic.\(name)", qos: qos)
        let token = changes.subscribe { [weak self] _ in self?.schedulePublish() }
        subscription.withLock { $0 = token }
    }

    /// The snapshot a client that connects now starts from, encoded: the current one, or for a
    /// topic that sends patches the last one sent, which the next patch applies to. The hub
    /// reads it under its lock, at a known event id, so the next patch the client gets (the
    /// one after that id) is computed from this very snapshot, or from the one before when it
    /// is already on its way, whose rows it then only sets again. A newer snapshot (the model's
    /// current one) could give the client a patch of older rows on newer ones: a state that
    /// never was, until the next event.
    var snapshot: Data { opening() }

    /// The response of `GET /api/<name>/state`, read from the model's snapshot (which may wait
    /// for the Signals graph's lock and encode a changed snapshot).
    func stateResponse() -> HTTPResponse {
        let seen = changes.load(ordering: .acquiring)
        let current = json.value
        return lastState.withLock { last in
            if let kept = last, kept.json == current {
                last = (seen, current, kept.response)
                return kept.response
            }
            var response = HTTPResponse.json(encoded: Array(current))
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            last = (seen, current, response)
            return response
        }
    }

    /// The last `stateResponse` when no change has been told of since it was made; nil
    /// otherwise. Touches neither the model nor the Signals graph: an event loop may ask it
    /// (nil: the request goes the ordinary way, to `stateResponse` on the pool).
    func keptStateResponse() -> HTTPResponse? {
        let seen = changes.load(ordering: .acquiring)
        return lastState.withLock { last in last.flatMap { $0.changes == seen ? $0.response : nil } }
    }

    /// Publishes now, without waiting for the spacing, the part of the change every screen waits
    /// for (a question closed: its chart), if it has one; the rest goes one spacing later, after
    /// the event just sent. A change with no such part waits for its spaced publish.
    func publishNow() {
        queue.async { [self] in publish(awaited: true) }
    }

    /// Stops publishing.
    func cancel() {
        subscription.withLock { $0?.cancel(); $0 = nil }
    }

    private func schedulePublish() {
        changes.add(1, ordering: .releasing)
        scheduleSpaced()
    }

    /// Schedules a publish one spacing after the last event, unless one is scheduled already.
    private func scheduleSpaced() {
        let last = pending.withLock { state -> DispatchTime? in
            defer { state.scheduled = true }
            return state.scheduled ? nil : state.last
        }
        guard let last else { return }
        let due = DispatchTime(uptimeNanoseconds: last.uptimeNanoseconds + interval())
        if due <= .now() {
            queue.async { [self] in publish(awaited: false) }
        } else {
            queue.asyncAfter(deadline: due) { [self] in publish(awaited: false) }
        }
    }

    /// The spacing for the topic's audience now, in nanoseconds.
    private func interval() -> UInt64 {
        spacing.interval(subscribers: spacing.perSubscriber > .zero ? hub.subscriberCount(of: name) : 0)
    }

    /// Sends the next event: the scheduled, spaced one (`awaited` false), or only the awaited
    /// part of a change (`publishNow`). A scheduled publish that finds an awaited event sent
    /// since it was scheduled waits one spacing after that event.
    private func publish(awaited: Bool) {
        let now = DispatchTime.now()
        if !awaited {
            let spacing = interval()
            let later = pending.withLock { state -> DispatchTime? in
                let due = DispatchTime(uptimeNanoseconds: state.last.uptimeNanoseconds + spacing)
                guard due <= now else { return due }
                // Clear the flag before reading: a change after this point schedules a new publish.
                state = (scheduled: false, last: now)
                return nil
            }
            if let later {
                queue.asyncAfter(deadline: later) { [self] in publish(awaited: false) }
                return
            }
        }
        guard let next = nextEvent(awaited) else { return }
        if awaited { pending.withLock { $0.last = now } }
        hub.publish(topic: name, event: next.name, data: next.data)
        if next.rest { scheduleSpaced() }
    }

    /// One event to send: its name and data, and whether the change it belongs to has a rest
    /// still to send (it was its awaited first step).
    private struct Event {
        var name: String
        var data: [UInt8]
        var rest = false
    }
}

extension LiveTopic {
    /// The least time between two events of a topic: `perSubscriber` for each open stream of
    /// it, at most `limit`. An event costs the server one write per stream, so spacing events in
    /// proportion to the audience bounds the time spent sending them (a few microseconds a
    /// stream on loopback: 1,000 viewers and 10 µs give at most one event every 10 ms, about half
    /// a core), while a small audience gets every change at once.
    struct Spacing: Sendable {
        /// Time added for each open stream of the topic.
        var perSubscriber: Duration
        /// The longest spacing, whatever the audience.
        var limit: Duration

        /// Every change is sent as soon as possible.
        static let none = Spacing(perSubscriber: .zero, limit: .zero)

        /// The spacing for `subscribers` open streams, in nanoseconds.
        func interval(subscribers: Int) -> UInt64 {
            let spaced = min(perSubscriber * subscribers, limit).components
            return UInt64(max(0, spaced.seconds)) * 1_000_000_000 + UInt64(max(0, spaced.attoseconds) / 1_000_000_000)
        }
    }
}
