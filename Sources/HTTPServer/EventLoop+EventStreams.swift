/// Server-sent event streams on the loop's connections: opening one from a handler's
/// `.eventStream` response, writing each broadcast to its subscribers, heartbeats, and the end.
/// A subscriber whose unread output would pass its queue limit is closed (it reconnects with
/// `Last-Event-ID` and catches up from the hub's history).
extension EventLoop {
    private static let heartbeat: [UInt8] = Array(": heartbeat\n\n".utf8)

    /// Writes the stream's head and opening events and subscribes the connection to its topics.
    func startStream(
        _ connection: Connection, _ request: HTTPRequest, _ response: HTTPResponse,
        _ subscription: EventStreamSubscription
    ) {
        let hub = subscription.hub
        hubs[ObjectIdentifier(hub)] = hub
        guard let opening = hub.openStream(
            topics: subscription.topics, lastEventID: subscription.lastEventID, cap: subscription.cap, inbox: inbox)
        else {
            respond(connection, request, (subscription.cap?.refusal ?? HTTPError(.tooManyRequests, message: "too many streams")).response)
            return
        }
        ResponseEncoder.encodeEventStreamHead(response, into: &outBuffer, date: dateLine)
        outBuffer.append(contentsOf: opening.bytes)
        connection.state = .streaming
        connection.deadline = 0
        connection.topics = subscription.topics
        connection.hub = hub
        connection.lastEventID = opening.lastID
        connection.heartbeatInterval = opening.heartbeatInterval
        connection.nextHeartbeat = now + opening.heartbeatInterval
        connection.queueLimit = opening.queueLimit
        connection.input = []
        connection.inputStart = 0
        for topic in subscription.topics {
            subscribers[topic, default: [:]][connection.id.fd] = connection
        }
        statistics.openStreams.add(1, ordering: .relaxed)
        settings.accessLog?.record(
            method: request.method.rawValue, path: request.path, status: response.status.code,
            bytes: opening.bytes.count, nanoseconds: now &- connection.requestStarted)
    }

    /// Sends one encoded event to every subscriber of `topic` that has not seen `id` yet.
    func broadcast(topic: String, id: UInt64, bytes: [UInt8]) {
        guard let audience = subscribers[topic] else { return }
        var overflowing: [Connection] = []
        for connection in audience.values where id > connection.lastEventID {
            connection.lastEventID = id
            if connection.queuedBytes + bytes.count > connection.queueLimit {
                overflowing.append(connection)
            } else {
                send(connection, bytes)
            }
        }
        for connection in overflowing where isOpen(connection) {
            close(connection)
        }
    }

    /// Closes every stream subscribed to `topic` (what it had queued is dropped).
    func closeStreams(on topic: String) {
        guard let audience = subscribers[topic] else { return }
        for connection in Array(audience.values) where isOpen(connection) {
            close(connection)
        }
    }

    /// Sends a heartbeat comment when the stream's interval has passed (called by `tick`).
    func sendHeartbeatIfDue(_ connection: Connection) {
        guard now >= connection.nextHeartbeat else { return }
        connection.nextHeartbeat = now + connection.heartbeatInterval
        if connection.queuedBytes + Self.heartbeat.count > connection.queueLimit {
            close(connection)
        } else {
            send(connection, Self.heartbeat)
        }
    }

    /// Unsubscribes a closing stream and tells its hub (called by `close`).
    func endStream(_ connection: Connection) {
        for topic in connection.topics {
            subscribers[topic]?[connection.id.fd] = nil
            if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
        }
        connection.hub?.closeStream(topics: connection.topics)
        connection.hub = nil
        statistics.openStreams.subtract(1, ordering: .relaxed)
    }
}
