import Foundation
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

/// Bodies are read only when someone may send them: a route's head check refuses from the head
/// alone, paths that take no body refuse one unread, and the bytes buffered for bodies still
/// arriving have a cap over all connections (503 with `Retry-After` beyond it).
@Suite struct BodyAdmissionTests {
    /// `POST /upload` (only with `X-Key: k`, else 401 from the head), `GET /page`, and how many
    /// times the upload's handler ran.
    static func router(ran: RunCount) -> Router {
        var router = Router()
        router.add(.post, "/upload", bodyLimit: 4 << 20, headCheck: { request in
            request.headers["X-Key"] == "k" ? nil : HTTPResponse.text("no key", status: .unauthorized)
        }) { request in
            ran.value.add(1, ordering: .relaxed)
            return .text("got \(request.body.count)")
        }
        router.get("/page") { _ in .text("page") }
        return router
    }

    @Test func aRouteRefusesFromTheHeadBeforeABodyByteArrives() async throws {
        let ran = RunCount()
        try await withClient(Self.router(ran: ran)) { client in
            // 2 MB announced, not one byte of it sent: the answer comes anyway, and the
            // connection closes (the body's bytes would otherwise be read as a request).
            client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n")
            #expect(await client.receiveUntilClosed())
            let response = try #require(RawResponse.parseAll(client.received).first)
            #expect(response.status == 401)
            #expect(response.header("Connection") == "close")
        }
        #expect(ran.value.load(ordering: .relaxed) == 0)
    }

    @Test func aRouteThatLetsTheHeadThroughReadsTheBody() async throws {
        let ran = RunCount()
        try await withClient(Self.router(ran: ran)) { client in
            client.send("POST /upload HTTP/1.1\r\nHost: a\r\nX-Key: k\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
            _ = await client.receiveUntilClosed()
            #expect(RawResponse.parseAll(client.received).first?.bodyText == "got 5")
        }
        #expect(ran.value.load(ordering: .relaxed) == 1)
    }

    @Test(arguments: [
        ("GET /page HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n", 413),
        ("HEAD /page HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n100000\r\n", 413),
        ("GET /nowhere HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n", 404),
        ("POST /nowhere HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n", 404),
        ("PUT /page HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n", 405),
    ])
    func pathsThatTakeNoBodyRefuseOneUnread(request: String, status: Int) async throws {
        try await withClient(Self.router(ran: RunCount())) { client in
            client.send(request)
            #expect(await client.receiveUntilClosed())
            let response = try #require(RawResponse.parseAll(client.received, bodyless: request.hasPrefix("HEAD")).first)
            #expect(response.status == status)
        }
    }

    @Test func aGetWithoutABodyStillKeepsItsConnection() async throws {
        try await withClient(Self.router(ran: RunCount())) { client in
            client.send("GET /page HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\nGET /page HTTP/1.1\r\nHost: a\r\n\r\n")
            let responses = await client.receiveResponses(2)
            #expect(responses.map(\.status) == [200, 200])
        }
    }

    @Test func bodiesStillArrivingHaveACapOverAllConnections() async throws {
        let ran = RunCount()
        let configuration = HTTPServer.Configuration(port: 0, limits: .init(maxBufferedBodyBytes: 150_000), eventLoops: 2)
        try await withServer(Self.router(ran: ran), configuration: configuration) { server in
            let head = "POST /upload HTTP/1.1\r\nHost: a\r\nX-Key: k\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n"
            let first = try RawClient(port: server.port)
            first.send(head + String(repeating: "x", count: 10))
            #expect(await eventually { server.bufferedBodyBytes == 100_000 })
            // The second body would take the buffered bytes over the cap: 503, unread.
            let second = try RawClient(port: server.port)
            second.send(head)
            #expect(await second.receiveUntilClosed())
            let busy = try #require(RawResponse.parseAll(second.received).first)
            #expect(busy.status == 503)
            #expect(busy.header("Retry-After") == "5")
            // Once the first body is in, its share is free again.
            first.send(String(repeating: "x", count: 100_000 - 10))
            _ = await first.receiveUntilClosed()
            #expect(RawResponse.parseAll(first.received).first?.bodyText == "got 100000")
            #expect(await eventually { server.bufferedBodyBytes == 0 })
            let third = try RawClient(port: server.port)
            third.send(head + String(repeating: "x", count: 100_000))
            _ = await third.receiveUntilClosed()
            #expect(RawResponse.parseAll(third.received).first?.bodyText == "got 100000")
        }
        #expect(ran.value.load(ordering: .relaxed) == 2)
    }

    @Test func aChunkedBodyTakesItsShareAsItArrivesAndGivesItBackWhenCut() async throws {
        let configuration = HTTPServer.Configuration(port: 0, limits: .init(maxBufferedBodyBytes: 150_000))
        try await withServer(Self.router(ran: RunCount()), configuration: configuration) { server in
            let head = "POST /upload HTTP/1.1\r\nHost: a\r\nX-Key: k\r\nTransfer-Encoding: chunked\r\n\r\n"
            let cut = try RawClient(port: server.port)
            cut.send(head + "5\r\nhello\r\n")
            #expect(await eventually { server.bufferedBodyBytes > 0 })
            cut.shutdown()
            #expect(await eventually { server.bufferedBodyBytes == 0 })
            // A chunked body that grows past the cap is refused on the way.
            let greedy = try RawClient(port: server.port)
            greedy.send(head + "30000\r\n" + String(repeating: "x", count: 0x30000))
            #expect(await greedy.receiveUntilClosed())
            #expect(RawResponse.parseAll(greedy.received).first?.status == 503)
            #expect(await eventually { server.bufferedBodyBytes == 0 })
        }
    }

    @Test func theRouterAdmitsFromTheHead() {
        var router = Self.router(ran: RunCount())
        router.checkEveryHead { $0.headers["Host"] == "evil" ? HTTPResponse.text("no", status: .misdirectedRequest) : nil }
        func admit(_ method: HTTPMethod, _ path: String, host: String = "a", body: Bool = false) -> String {
            switch router.admit(HTTPRequest(method: method, target: path, headers: ["Host": host]), hasBody: body) {
            case .answer(let response): "answer \(response.status.code)"
            case .refuse(let refusal): "refuse \(refusal)"
            case .read(_, let limit): "read \(limit.map(String.init) ?? "default")"
            }
        }
        #expect(admit(.get, "/page", host: "evil") == "answer 421")
        #expect(admit(.post, "/upload") == "answer 401")
        #expect(admit(.get, "/page") == "read 0")
        #expect(admit(.get, "/page", body: true) == "read 0")
        #expect(admit(.post, "/nowhere", body: true) == "refuse notFound")
        #expect(admit(.post, "/nowhere") == "read 0")
    }
}

/// How many times a handler ran, from any thread.
final class RunCount: Sendable {
    let value = Atomic<Int>(0)
}
