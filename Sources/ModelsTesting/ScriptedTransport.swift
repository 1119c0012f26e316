import Foundation
import Models
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fake `HTTPTransport` for tests: answers requests, in order, with replies queued beforehand,
/// and records every request it got. With nothing queued it acts like a server that is down.
/// Give it to a model's client (`QuizServerClient(baseURL:token:transport:)`…) to unit-test
/// code built on the models with no network.
///
/// A reply can be held back until the test opens its `ScriptedTransport.Gate`, to play a slow
/// server or a late answer; a held reply ignores cancellation, like a response already on the wire.
public final class ScriptedTransport: HTTPTransport {
    /// What the fake server answers.
    public enum Reply: Sendable {
        /// A response with this status, headers and body.
        case response(status: Int, headers: [String: String], body: Data)
        /// A transport failure (`offline`, `timeout`, `tooLarge`…).
        case failure(RemoteError)

        /// A 200 (or other status) with a JSON body given as text.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            .response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }

        /// A response whose body is `text` with the given status and content type.
        public static func text(_ text: String, status: Int, contentType: String = "text/plain") -> Reply {
            .response(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
        }

        /// What `send` returns for this reply to `request`, or throws.
        func answer(_ request: URLRequest) throws(RemoteError) -> (Data, HTTPURLResponse) {
            switch self {
            case .failure(let error):
                throw error
            case .response(let status, let headers, let body):
                guard let url = request.url,
                      let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
                else { throw .malformed("a request without a URL") }
                return (body, head)
            }
        }
    }

    /// Holds a reply back until `open()` is called.
    public final class Gate: Sendable {
        private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        /// Makes a closed gate.
        public init() {}

        /// Lets the held reply (and any later waiter) through.
        public func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns once the gate is open.
        public func wait() async {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    if !state.isOpen { state.waiters.append(continuation) }
                    return state.isOpen
                }
                if isOpen { continuation.resume() }
            }
        }
    }

    private struct Script {
        var replies: [(reply: Reply, gate: Gate?)] = []
        var requests: [URLRequest] = []
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let script = Mutex(Script())

    /// Makes a fake with no replies queued.
    public init() {}

    /// Queues a reply for the next unanswered request.
    public func enqueue(_ reply: Reply) {
        script.withLock { $0.replies.append((reply, nil)) }
    }

    /// Queues a reply that is sent only once the returned gate is opened.
    public func enqueueHeld(_ reply: Reply) -> Gate {
        let gate = Gate()
        script.withLock { $0.replies.append((reply, gate)) }
        return gate
    }

    /// Every request received so far, in order.
    public var requests: [URLRequest] {
        script.withLock { $0.requests }
    }

    /// Returns once at least `count` requests have arrived.
    public func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let arrived = script.withLock { script in
                if script.requests.count < count { script.requestWaiters.append((count, continuation)) }
                return script.requests.count >= count
            }
            if arrived { continuation.resume() }
        }
    }

    /// Answers with the next queued reply; `offline` when none is queued.
    public func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
        let (next, ready) = script.withLock { script in
            script.requests.append(request)
            let count = script.requests.count
            let ready = script.requestWaiters.filter { $0.count <= count }.map(\.continuation)
            script.requestWaiters.removeAll { $0.count <= count }
            return (script.replies.isEmpty ? nil : script.replies.removeFirst(), ready)
        }
        for waiter in ready { waiter.resume() }
        guard let next else { throw .offline }
        if let gate = next.gate { await gate.wait() }
        return try next.reply.answer(request)
    }
}
