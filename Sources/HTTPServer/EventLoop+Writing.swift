import CEventLoop

/// Writing on the loop's connections: a response goes out at once when the socket takes it, and
/// whatever it does not take waits in the connection's output queue for `CEL_WRITABLE` (an event
/// stream's events wait after it, see `EventLoop+EventStreams.swift`). The epoll
/// interest follows what the connection waits for (`updateInterest`).
extension EventLoop {
    /// How long a connection whose last response is out may linger, discarding input, before it
    /// is closed.
    private static let drainTimeout: UInt64 = 2_000_000_000

    /// Sends what `respond`/`fail` encoded into the output buffer.
    func flush(_ connection: Connection) {
        if !outBuffer.isEmpty {
            if send(connection, outBuffer) {
                outBuffer.removeAll(keepingCapacity: true)
            } else {
                outBuffer = []
                outBuffer.reserveCapacity(16 * 1024)
            }
        }
        if isOpen(connection) { finishWriting(connection) }
    }

    /// Writes `bytes` now if nothing is queued, and queues what the socket does not take.
    /// Returns true when `bytes` was not kept (so the caller may reuse its storage).
    @discardableResult
    func send(_ connection: Connection, _ bytes: [UInt8]) -> Bool {
        guard !connection.hasQueuedOutput else {
            connection.output.append(bytes)
            connection.queuedBytes += bytes.count
            return false
        }
        let written = bytes.withUnsafeBytes { cel_write(connection.id.fd, $0.baseAddress, $0.count) }
        if written < 0 && cel_would_block(written) == 0 {
            close(connection)
            return true
        }
        let done = max(0, written)
        connection.lastWriteProgress = now  // Progress, or the start of a stall.
        if done == bytes.count { return true }
        connection.output.append(bytes)
        connection.outputOffset = done
        connection.queuedBytes = bytes.count - done
        updateInterest(connection)
        return false
    }

    /// Writes as much of the output queue as the socket takes (on `CEL_WRITABLE`).
    func writeQueued(_ connection: Connection) {
        while let first = connection.output.first {
            let offset = connection.outputOffset
            let written = first.withUnsafeBytes {
                cel_write(connection.id.fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if cel_would_block(written) == 0 { close(connection) }
                return
            }
            connection.lastWriteProgress = now
            connection.queuedBytes -= written
            if offset + written < first.count {
                connection.outputOffset += written
                return
            }
            connection.output.removeFirst()
            connection.outputOffset = 0
        }
        if !connection.events.isEmpty {
            writeQueuedEvents(connection)
            guard isOpen(connection) else { return }
        }
        finishWriting(connection)
    }

    /// Called when the queue may have drained: drops write interest, and closes or half-closes
    /// a connection whose last response is out.
    private func finishWriting(_ connection: Connection) {
        guard !connection.hasQueuedOutput else { return }
        connection.queuedBytes = 0
        if case .closing = connection.state {
            if connection.readClosed {
                close(connection)
                return
            }
            _ = cel_shutdown_write(connection.id.fd)
            connection.state = .draining
            connection.deadline = now + Self.drainTimeout
            connection.wantsRead = true
        }
        updateInterest(connection)
    }

    /// Registers with epoll what the connection now waits for: input (unless reading is paused
    /// or the peer has closed) and room to write (while output is queued).
    func updateInterest(_ connection: Connection) {
        var interest: UInt32 = 0
        if connection.wantsRead && !connection.readClosed { interest |= UInt32(CEL_READABLE) }
        if connection.hasQueuedOutput { interest |= UInt32(CEL_WRITABLE) }
        guard interest != connection.registeredInterest else { return }
        connection.registeredInterest = interest
        _ = cel_poller_modify(poller, connection.id.fd, interest, UInt64(connection.id.fd))
    }
}
