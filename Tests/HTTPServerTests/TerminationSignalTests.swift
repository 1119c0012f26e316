import Foundation
import Testing
@testable import HTTPServer

/// SIGTERM and SIGINT shut a server down gracefully when it asked for them.
@Suite(.serialized) struct TerminationSignalTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func signalShutsTheServerDown(signalNumber: Int32) async throws {
        var router = Router()
        router.get("/ok") { _ in .text("ok") }
        let server = try HTTPServer(configuration: .init(port: 0), router: router)
        let bystander = try HTTPServer(configuration: .init(port: 0), router: router)
        server.shutdownOnTerminationSignals()
        let client = try RawClient(port: server.port)
        client.send("GET /ok HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await client.receiveResponses(1).count == 1)

        kill(getpid(), signalNumber)
        await server.waitUntilStopped()
        #expect(await client.receiveUntilClosed())

        let stillServing = try RawClient(port: bystander.port)
        stillServing.send("GET /ok HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await stillServing.receiveResponses(1).first?.bodyText == "ok", "a server that did not ask keeps running")
        await bystander.shutdown()
    }

    /// Every event loop of a server stops, and the process exits with status 0. Regression: the
    /// handler walked the list of loops to wake while a loop it had already woken stopped and
    /// took its own entry out, moving another loop's entry into its place; the handler missed
    /// that loop, which then waited for events forever (about one stop in six with both cores
    /// busy; this test failed every run before the fix).
    @Test(arguments: [SIGTERM, SIGINT])
    func everyLoopOfAServerStops(signalNumber: Int32) async throws {
        for _ in 0..<15 {
            let server = try await BenchServerProcess(arguments: ["--loops", "4"])
            server.child.send(signalNumber)
            if await server.child.exitStatus(timeout: .seconds(60)) == nil, server.child.diedOf == SIGKILL {
                // A loop missed the signal: `exitStatus` killed it after the deadline.
                Issue.record("a loop did not hear the signal")
                return
            }
            #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
        }
    }
}
