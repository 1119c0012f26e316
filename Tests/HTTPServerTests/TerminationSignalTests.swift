import Glibc
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
}
