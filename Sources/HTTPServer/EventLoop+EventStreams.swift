import CEventLoop

/// Server-sent event streams on the loop's connections: opening one from a handler's
/// `.eventStream` response, writing each broadcast to its subscribers, heartbeats, and the end.
///
/// A broadcast costs each subscriber no copy and, while its socket takes what it is given, no
/// allocation: the events the loop takes from its inbox together (a burst) are collected, and each
/// stream then gets them in one `writev` pointing into the hub's shared buffers (`flushBurst`; a
/// burst of one event is sent in the broadcast's own pass). What the socket does not take waits in the
/// stream's queue (references to the same buffers) for `CEL_WRITABLE`, and later events go behind
/// it, so a slow reader costs the loop nothing until it reads. A subscriber whose queue would pass
/// its limit is closed (counted in `ServerStatistics.streamsClosedBehind`, said on stderr at the
/// next tick); it reconnects with `Last-Event-ID` and catches up from the hub's history.
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
        connection.hubID = ObjectIdentifier(hub)
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

    /// Queues `event` for every subscriber of its topic that has not seen it yet: into the
    /// current burst, or behind what a slow stream already has waiting.
    /// `endsBurst`: no broadcast follows it in the messages taken; a burst of one event is then
    /// written in this same pass over the streams.
    func broadcast(_ event: EncodedEvent, endsBurst: Bool) {
        guard let audience = subscribers[event.topic] else { return }
        let index = burst.count
        burst.append(event)
        let writeNow = endsBurst && index == 0
        for connection in audience.values where event.id > connection.lastEventID && connection.hubID == event.hub {
            connection.lastEventID = event.id
            // What the socket left behind counts, not the burst this pass will write.
            if connection.queuedBytes - connection.burstBytes + event.count > connection.queueLimit {
                overflowing.append(connection)
                continue
            }
            connection.queuedBytes += event.count
            if connection.hasQueuedOutput {
                connection.events.append(event)
            } else if writeNow {
                writeBurst(connection, from: index, vectorCount: 1, total: event.count)
            } else {
                connection.burstBytes += event.count
                if connection.burstFrom < 0 {
                    connection.burstFrom = index
                    burstStreams.append(connection)
                }
            }
        }
        for connection in overflowing where isOpen(connection) {
            streamsClosedBehind += 1
            statistics.streamsClosedBehind.add(1, ordering: .relaxed)
            close(connection)
        }
        overflowing.removeAll(keepingCapacity: true)
        if writeNow { burst.removeAll(keepingCapacity: true) }
    }

    /// Writes the burst: each stream's events of it in one write (`writev` for several, straight
    /// from the shared buffers); what the socket does not take waits in the stream's queue.
    func flushBurst() {
        guard !burst.isEmpty else { return }
        let last = burst.count - 1
        for connection in burstStreams {
            let from = connection.burstFrom
            connection.burstFrom = -1
            connection.burstBytes = 0
            guard isOpen(connection) else { continue }
            if from == last {
                writeBurst(connection, from: from, vectorCount: 1, total: burst[last].count)  // The common case.
                continue
            }
            vectors.removeAll(keepingCapacity: true)
            var total = 0
            for event in burst[from...] where vectors.count < Self.maxVectors && belongs(event, to: connection) {
                vectors.append(cel_iovec(iov_base: event.base, iov_len: event.count))
                total += event.count
            }
            writeBurst(connection, from: from, vectorCount: vectors.count, total: total)
        }
        burst.removeAll(keepingCapacity: true)
        burstStreams.removeAll(keepingCapacity: true)
    }

    /// Whether `connection` was given `event` (the burst holds every topic's events).
    private func belongs(_ event: EncodedEvent, to connection: Connection) -> Bool {
        event.hub == connection.hubID && connection.topics.contains(event.topic)
    }

    /// At most this many events go in one `writev` (IOV_MAX is 1,024 on Linux).
    private static let maxVectors = 64

    /// Writes the stream's part of the burst that starts at `from`: one `send` when it is one event,
    /// else the `vectorCount` vectors just built. The events the socket did not take whole (and
    /// any past the vectors) go to the stream's queue, the first one cut where the write stopped.
    private func writeBurst(_ connection: Connection, from: Int, vectorCount: Int, total: Int) {
        let written: Int
        if vectorCount == 1 {
            let event = burst[from]
            written = cel_write(connection.id.fd, event.base, event.count)
        } else {
            written = vectors.withUnsafeBufferPointer { cel_writev(connection.id.fd, $0.baseAddress, Int32(vectorCount)) }
        }
        if written < 0 && cel_would_block(written) == 0 {
            close(connection)
            return
        }
        let done = max(0, written)
        connection.lastWriteProgress = now
        connection.queuedBytes -= done
        if done == total && (vectorCount == 1 || from == burst.count - 1) { return }
        var skip = done
        for event in burst[from...] where belongs(event, to: connection) {
            if skip >= event.count {
                skip -= event.count
                continue
            }
            if connection.events.isEmpty { connection.eventOffset = skip }
            skip = 0
            connection.events.append(event)
        }
        if connection.events.isEmpty { return }
        if done == total { writeQueuedEvents(connection) } else { updateInterest(connection) }
    }

    /// Writes the stream's queued events, as many as the socket takes, one `writev` of up to 64
    /// at a time; keeps write interest while some are left.
    func writeQueuedEvents(_ connection: Connection) {
        while !connection.events.isEmpty {
            vectors.removeAll(keepingCapacity: true)
            var offset = connection.eventOffset
            var total = 0
            for event in connection.events.prefix(Self.maxVectors) {
                vectors.append(cel_iovec(iov_base: event.base + offset, iov_len: event.count - offset))
                total += event.count - offset
                offset = 0
            }
            let written = vectors.withUnsafeBufferPointer { cel_writev(connection.id.fd, $0.baseAddress, Int32($0.count)) }
            if written < 0 {
                if cel_would_block(written) == 0 { close(connection) } else { updateInterest(connection) }
                return
            }
            connection.lastWriteProgress = now
            connection.queuedBytes -= written
            var left = connection.eventOffset + written
            var done = 0
            for event in connection.events.prefix(Self.maxVectors) {
                guard left >= event.count else { break }
                left -= event.count
                done += 1
            }
            connection.events.removeFirst(done)
            connection.eventOffset = left
            if written < total { break }  // The socket is full: the rest waits for CEL_WRITABLE.
        }
        if connection.events.isEmpty { connection.eventOffset = 0 }
        updateInterest(connection)
    }

    /// Closes every stream subscribed to `topic` (what it had queued is dropped). `farewell`, an
    /// encoded event, is written first to each stream with nothing queued, as far as its socket
    /// takes it now (a stream that is behind, or a full socket, closes without it: the client
    /// learns the same from its next request).
    func closeStreams(on topic: String, farewell: [UInt8]? = nil) {
        guard let audience = subscribers[topic] else { return }
        for connection in Array(audience.values) where isOpen(connection) {
            if let farewell, !connection.hasQueuedOutput {
                _ = farewell.withUnsafeBytes { cel_write(connection.id.fd, $0.baseAddress, $0.count) }
            }
            close(connection)
        }
    }

    /// Sends a heartbeat comment when the stream's interval has passed (called by `tick`).
    func sendHeartbeatIfDue(_ connection: Connection) {
        guard now >= connection.nextHeartbeat else { return }
        connection.nextHeartbeat = now + connection.heartbeatInterval
        // A stream with bytes waiting needs no heartbeat (and one must not land inside a
        // half-written event); a reader that stalls there is ended by the write timeout.
        guard !connection.hasQueuedOutput else { return }
        send(connection, Self.heartbeat)
    }

    /// Says on stderr how many streams were closed for falling behind since the last call.
    func reportStreamsClosedBehind() {
        guard streamsClosedBehind > 0 else { return }
        Self.warn("HTTPServer: closed \(streamsClosedBehind) event stream(s) whose client fell behind (queue over its limit)")
        streamsClosedBehind = 0
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
