import CEventLoop
import Synchronization

/// What other threads ask of an event loop.
enum LoopMessage: Sendable {
    /// A handler finished: send `response` on the connection, if it is still open.
    case response(ConnectionID, HTTPResponse)
    /// An SSE event to write to every subscriber of its topic (the hub's one buffer, shared).
    case broadcast(EncodedEvent)
    /// Close every stream subscribed to `topic`, each after a last event `farewell` (encoded)
    /// when it is given and the socket takes it at once.
    case closeStreams(topic: String, farewell: [UInt8]?)
    /// Stop accepting, finish in-flight responses, close streams, then stop.
    case shutdown
    /// A connection another loop of the server accepted and hands over (see `EventLoop.accept`):
    /// already counted in the server's open connections and in this loop's `load`.
    case adopt(fd: Int32, clientAddress: String)
}

extension LoopMessage {
    /// Whether it is a `.broadcast` (consecutive ones form a burst).
    var isBroadcast: Bool {
        if case .broadcast = self { return true }
        return false
    }
}

/// Identifies one connection across threads: the fd plus a generation, so a late response never
/// reaches a newer connection that reused the fd.
struct ConnectionID: Sendable, Hashable {
    var fd: Int32
    var generation: UInt32
}

/// The event loop's mailbox: a locked queue plus a waker (an eventfd on Linux, a self-pipe on
/// macOS and in the portable build) that wakes the loop's wait. The waker is written only when the queue goes from "seen" to "unseen", so a burst of
/// messages costs one wake-up.
final class LoopInbox: Sendable {
    /// The waker's end the loop watches.
    let wakeReadFD: Int32
    /// The waker's end other threads (and the termination signal handler) write to.
    let wakeWriteFD: Int32
    /// The connections the loop owns or has been handed and not yet taken: the other loops of
    /// the server read it to hand a new connection to the least loaded one.
    let load = Atomic<Int>(0)
    private struct State {
        var messages: [LoopMessage] = []
        var signalled = false
        var closed = false
    }
    private let state = Mutex(State())

    init(wakeReadFD: Int32, wakeWriteFD: Int32) {
        self.wakeReadFD = wakeReadFD
        self.wakeWriteFD = wakeWriteFD
    }

    /// Queues a message and wakes the loop. Messages after `close()` are dropped: returns
    /// false for them.
    @discardableResult
    func post(_ message: LoopMessage) -> Bool {
        let (queued, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed else { return (false, false) }
            state.messages.append(message)
            if state.signalled { return (true, false) }
            state.signalled = true
            return (true, true)
        }
        if wake { cel_waker_signal(wakeWriteFD) }
        return queued
    }

    /// Takes every queued message (on the loop thread), swapping in the caller's empty buffer.
    func take(into buffer: inout [LoopMessage]) {
        state.withLock { state in
            state.signalled = false
            swap(&state.messages, &buffer)
        }
    }

    /// Refuses further messages; called by the loop as it stops, before it closes the waker.
    /// Returns the messages it never took (a connection handed over at the last moment).
    func close() -> [LoopMessage] {
        state.withLock { state in
            state.closed = true
            defer { state.messages = [] }
            return state.messages
        }
    }

    /// Closes the waker (by the loop, once it stopped: `close()` refused every later message).
    func closeWaker() {
        cel_waker_close([wakeReadFD, wakeWriteFD])
    }
}
