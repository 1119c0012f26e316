import Synchronization
import Testing
@testable import HTTPServer

/// The configuration's error renderer over real sockets: it words the server's own error
/// responses (refusals, 404, 405) and sees their status and path; the status, `Allow` and
/// `Connection` stay the server's; nil keeps the plain-text default; handlers' responses never
/// reach it.
@Suite struct ErrorRendererTests {
    /// The contexts a renderer was called with.
    final class Calls: Sendable {
        let contexts = Mutex<[HTTPErrorContext]>([])
        var all: [HTTPErrorContext] { contexts.withLock { $0 } }
    }

    static func router() -> Router {
        var router = Router()
        router.get("/ok") { _ in .text("ok") }
        router.post("/api/small", bodyLimit: 10) { _ in .text("taken") }
        router.get("/api/missing") { _ in .status(.notFound) }
        return router
    }

    /// A renderer that records its calls and answers JSON for paths under `/api/`, nil elsewhere;
    /// it also tries to change the status and add `Connection: close`, which must be ignored.
    static func configuration(_ calls: Calls) -> HTTPServer.Configuration {
        HTTPServer.Configuration(port: 0, errorRenderer: { context in
            calls.contexts.withLock { $0.append(context) }
            guard context.path?.hasPrefix("/api/") == true else { return nil }
            var response = HTTPResponse.json(encoded: Array("{\"code\":\(context.status.code)}".utf8), status: .ok)
            response.headers.add(name: "Connection", value: "close")
            return response
        })
    }

    func exchange(_ bytes: String, responses: Int = 1) async throws -> (responses: [RawResponse], closed: Bool, calls: [HTTPErrorContext]) {
        let calls = Calls()
        return try await withClient(Self.router(), configuration: Self.configuration(calls)) { client in
            client.send(bytes)
            let received = await client.receiveResponses(responses)
            let closed = received.last?.header("Connection") == "close" ? await client.receiveUntilClosed() : false
            return (received, closed, calls.all)
        }
    }

    @Test func refusedBodyGetsTheRenderedBodyWithTheServersStatusAndClose() async throws {
        let (responses, closed, calls) = try await exchange(
            "POST /api/small?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n01234567890")
        let response = try #require(responses.first)
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.bodyText == #"{"code":413}"#)
        #expect(response.header("Connection") == "close")
        #expect(closed)
        #expect(calls == [HTTPErrorContext(status: .contentTooLarge, path: "/api/small", message: "413 Content Too Large")])
    }

    @Test func wrongMethodKeepsAllowAndTheConnection() async throws {
        let (responses, _, calls) = try await exchange(
            "DELETE /api/small HTTP/1.1\r\nHost: a\r\n\r\nGET /ok HTTP/1.1\r\nHost: a\r\n\r\n", responses: 2)
        #expect(responses.count == 2)
        let refused = try #require(responses.first)
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "POST")
        #expect(refused.header("Content-Type") == "application/json")
        #expect(refused.bodyText == #"{"code":405}"#)
        #expect(refused.header("Connection") == nil)
        #expect(responses.last?.bodyText == "ok")
        #expect(calls.map(\.path) == ["/api/small"])
    }

    @Test func nilKeepsThePlainDefault() async throws {
        let (responses, _, calls) = try await exchange("GET /nowhere HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try #require(responses.first)
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.bodyText == "404 Not Found\n")
        #expect(calls == [HTTPErrorContext(status: .notFound, path: "/nowhere", message: "404 Not Found")])
    }

    @Test func noRendererKeepsThePlainDefault() async throws {
        try await withClient(Self.router()) { client in
            client.send("POST /api/small HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n01234567890")
            let response = try #require(await client.receiveResponses(1).first)
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.bodyText == "413 Content Too Large\n")
        }
    }

    @Test func handlersResponsesAreNotRendered() async throws {
        let (responses, _, calls) = try await exchange("GET /api/missing HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(responses.first?.status == 404)
        #expect(responses.first?.bodyText == "404 Not Found\n")
        #expect(calls.isEmpty)
    }

    @Test func tooLongTargetIsNamedByItsStartCutAtTheLimit() async throws {
        let (responses, closed, calls) = try await exchange(
            "GET /api/\(String(repeating: "x", count: 9000)) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(responses.first?.status == 414)
        #expect(responses.first?.bodyText == #"{"code":414}"#)
        #expect(closed)
        #expect(calls.map(\.path) == ["/api/" + String(repeating: "x", count: 8 * 1024 - 5)])
    }

    @Test(arguments: [
        ("GET /api/ok HTTP/1.1\r\nHost: a\r\n\((0..<120).map { "X-\($0): 1\r\n" }.joined())\r\n", 431, "/api/ok"),
        ("GET http://a/api/ok?q=1 HTTP/1.1\r\n\r\n", 400, "/api/ok"),
        ("BREW /api/ok HTTP/1.1\r\nHost: a\r\n\r\n", 501, "/api/ok"),
        ("GET /api/ok HTTP/3.0\r\nHost: a\r\n\r\n", 505, "/api/ok"),
        ("G{T /api/ok HTTP/1.1\r\nHost: a\r\n\r\n", 400, nil),
        ("GET  HTTP/1.1\r\nHost: a\r\n\r\n", 400, nil),
    ] as [(String, Int, String?)])
    func refusedHeadsAreNamedByTheirPath(request: String, status: Int, path: String?) async throws {
        let (responses, closed, calls) = try await exchange(request)
        #expect(responses.first?.status == status)
        #expect(responses.first?.header("Connection") == "close")
        #expect(closed)
        #expect(calls.map(\.status.code) == [status])
        #expect(calls.first?.path == path)
        let rendered = path?.hasPrefix("/api/") == true
        #expect(responses.first?.header("Content-Type") == (rendered ? "application/json" : "text/plain; charset=utf-8"))
    }
}
