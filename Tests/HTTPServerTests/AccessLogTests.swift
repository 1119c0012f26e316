import Synchronization
import Testing
@testable import HTTPServer

/// One access-log line per request, with method, path, status, bytes and duration.
@Suite struct AccessLogTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func logsOneLinePerRequest() async throws {
        let lines = Lines()
        var router = Router()
        router.get("/hello") { _ in .text("hola") }
        let configuration = HTTPServer.Configuration(port: 0, accessLog: AccessLog { lines.append($0) })
        try await withClient(router, configuration: configuration) { client in
            client.send("GET /hello?x=1 HTTP/1.1\r\nHost: h\r\n\r\nGET /missing HTTP/1.1\r\nHost: h\r\n\r\nBREW / HTTP/1.1\r\n\r\n")
            await client.receiveUntilClosed()
        }
        let logged = lines.all
        #expect(logged.count == 3)
        let first = logged.first?.split(separator: " ").map(String.init) ?? []
        #expect(Array(first.prefix(4)) == ["GET", "/hello", "200", "4"])
        #expect(first.last?.hasSuffix("ms") == true)
        #expect(logged.dropFirst().first?.hasPrefix("GET /missing 404 ") == true)
        #expect(logged.last?.hasPrefix("- - 501 ") == true)
    }
}
