import Foundation
import TestSupport
import Synchronization
import Testing
@testable import HTTPServer

/// Graceful shutdown: stop accepting, finish the request in flight, close idle connections.
@Suite struct ShutdownTests {
    /// A gate a handler waits on until the test opens it.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>], arrived: Int)>((false, [], 0))
        func wait() async {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    state.arrived += 1
                    if !state.open { state.waiters.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
        }
        var arrived: Int { state.withLock { $0.arrived } }
        func open() {
            for waiter in state.withLock({ state in state.open = true; defer { state.waiters = [] }; return state.waiters }) {
                waiter.resume()
            }
        }
    }

    /// A router whose GET `path` answers `text` once `gate` opens.
    static func router(answering path: String, with text: String, after gate: Gate) -> Router {
        var router = Router()
        router.get(path) { _ in
            await gate.wait()
            return .text(text)
        }
        return router
    }

    @Test func finishesInFlightRequestsAndStopsAccepting() async throws {
        let gate = Gate()
        var router = Self.router(answering: "/slow", with: "done", after: gate)
        router.get("/fast") { _ in .text("fast") }
        // The grace period is the bound against a hang, not a pace: the test opens the gate only
        // after it saw the idle connection and the listener closed, which a busy machine may take
        // longer than the default 5 s to show (the handler was cut off and answered nothing).
        let server = try HTTPServer(configuration: .init(port: 0, shutdownGracePeriod: hangBound), router: router)
        let port = server.port

        let idle = try RawClient(port: port)
        idle.send("GET /fast HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await idle.receiveResponses(1).count == 1)

        let busy = try RawClient(port: port)
        busy.send("GET /slow HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await eventually { gate.arrived == 1 })

        let stopping = Task { await server.shutdown() }
        #expect(await idle.receiveUntilClosed(), "idle keep-alive connections are closed at once")
        #expect(await eventually { (try? RawClient(port: port)) == nil }, "the listener is closed")

        gate.open()
        let responses = await busy.receiveResponses(1)
        #expect(responses.first?.bodyText == "done")
        #expect(responses.first?.header("Connection") == "close")
        #expect(await busy.receiveUntilClosed())
        await stopping.value
    }

    @Test func shutdownReturnsEvenWhenAHandlerNeverFinishes() async throws {
        let gate = Gate()
        let router = Self.router(answering: "/stuck", with: "late", after: gate)
        let server = try HTTPServer(configuration: .init(port: 0, shutdownGracePeriod: .milliseconds(200)), router: router)
        let client = try RawClient(port: server.port)
        client.send("GET /stuck HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await eventually { gate.arrived == 1 })
        await server.shutdown()
        #expect(await client.receiveUntilClosed())
        gate.open()
    }

    @Test func waitUntilStoppedReturnsAfterShutdown() async throws {
        let server = try HTTPServer(configuration: .init(port: 0), router: Router())
        let waiter = Task { await server.waitUntilStopped() }
        await server.shutdown()
        await waiter.value
        await server.shutdown()
    }
}
