import Dispatch
import Foundation
import Testing

@testable import Models

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionTransport against a real socket", .timeLimit(.minutes(5)))
struct URLSessionTransportTests {
    private static let fiftyMegabytes = 50 * 1_048_576

    private func get(_ server: TestHTTPServer, _ path: String = "/") -> URLRequest {
        URLRequest(url: server.baseURL.appendingPathComponent(path))
    }

    /// A server that answers every request with `response`, keeping the head it read in `head`.
    private static func answering(_ response: String, keepingHeadIn head: LastRead) throws -> TestHTTPServer {
        try TestHTTPServer { connection in
            head.keep(connection.readHead())
            connection.write(response)
        }
    }

    @Test func returnsStatusHeadersAndBody() async throws {
        let head = LastRead()
        let server = try Self.answering(
            "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 14\r\nConnection: close\r\n\r\n{\"error\":\"no\"}",
            keepingHeadIn: head)
        let transport = URLSessionTransport()
        let (body, response) = try await transport.send(get(server, "/api/quizzes/9/answer"))
        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: body, as: UTF8.self) == #"{"error":"no"}"#)
        #expect(head.text.hasPrefix("GET /api/quizzes/9/answer HTTP/1.1\r\n"))
    }

    @Test func sendsTheEscapedQueryUntouched() async throws {
        let head = LastRead()
        let server = try Self.answering("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", keepingHeadIn: head)
        let client = QuizServerClient(baseURL: server.baseURL, token: "t", transport: URLSessionTransport())
        _ = try await client.transport.send(client.checkRequest(quizID: 3, answer: "a&b=c 50% 1+1 #1 ñandú"))
        let requestLine = head.text.split(separator: "\r\n").first.map(String.init)
        #expect(requestLine == "GET /api/quizzes/3/check?answer=a%26b%3Dc%2050%25%201%2B1%20%231%20%C3%B1and%C3%BA&token=t HTTP/1.1")
    }

    @Test func endsInOfflineWhenNothingListens() async throws {
        let refusing = try RefusingPort()
        let transport = URLSessionTransport()
        await #expect(throws: RemoteError.offline) {
            try await transport.send(URLRequest(url: URL(string: "http://127.0.0.1:\(refusing.port)/")!))
        }
    }

    @Test func endsInTimeoutWhenTheServerIsSilent() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try TestHTTPServer { connection in
            _ = connection.readHead()
            _ = release.wait(timeout: .now() + 120)
        }
        defer { release.signal() }
        // Asked for 0.2 s, it waits the one-second minimum (not zero), and not the resource limit
        // (a minute: far enough from one second that a busy machine's late timer cannot blur them).
        let transport = URLSessionTransport(requestTimeout: 0.2, resourceTimeout: 60)
        let started = ContinuousClock.now
        await #expect(throws: RemoteError.timeout) { try await transport.send(get(server)) }
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(900))
        #expect(waited < .seconds(60))
    }

    /// A server that answers with a JSON head carrying `header` (one line) and streams fifty
    /// megabytes, setting `done` once it stopped writing.
    private static func fiftyMegabyteServer(header: String, done: Flag) throws -> TestHTTPServer {
        try TestHTTPServer { connection in
            _ = connection.readHead()
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(header)\r\n\r\n")
            stream(fiftyMegabytes, to: connection)
            done.set()
        }
    }

    @Test func refusesADeclaredFiftyMegabyteBodyAtOnce() async throws {
        let done = Flag()
        let server = try Self.fiftyMegabyteServer(header: "Content-Length: \(Self.fiftyMegabytes)", done: done)
        let transport = URLSessionTransport()
        await #expect(throws: RemoteError.tooLarge(limit: 10 * 1_048_576)) { try await transport.send(get(server)) }
        #expect(transport.peakBufferedBytes < 10 * 1_048_576)
        #expect(await done.wait())
    }

    @Test func stopsAnUndeclaredFiftyMegabyteBodyWhileItStreams() async throws {
        let done = Flag()
        let server = try Self.fiftyMegabyteServer(header: "Connection: close", done: done)
        let transport = URLSessionTransport(maxBodySize: 1_048_576)
        await #expect(throws: RemoteError.tooLarge(limit: 1_048_576)) { try await transport.send(get(server)) }
        // The transport kept at most the limit plus one chunk, and hung up: the server's writes
        // stopped (on loopback, FoundationNetworking may have read more before the cancel landed).
        #expect(transport.peakBufferedBytes <= 1_048_576 + 1_048_576)
        #expect(await done.wait())
    }

    @Test func cancellingTheTaskCancelsTheTransfer() async throws {
        let release = DispatchSemaphore(value: 0)
        let arrived = Flag()
        let server = try TestHTTPServer { connection in
            _ = connection.readHead()
            arrived.set()
            _ = release.wait(timeout: .now() + 20)
        }
        defer { release.signal() }
        let transport = URLSessionTransport()
        let request = get(server)
        let task = Task { () async throws(RemoteError) -> Data in try await transport.send(request).0 }
        #expect(await arrived.wait())
        task.cancel()
        await #expect(throws: RemoteError.cancelled) { try await task.value }
    }

    @Test func aTaskCancelledBeforeSendingEndsCancelledAtOnce() async throws {
        let server = try TestHTTPServer { connection in
            _ = connection.readHead()
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        }
        let transport = URLSessionTransport()
        let request = get(server)
        let task = Task { () async throws(RemoteError) -> Data in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(request).0
        }
        await #expect(throws: RemoteError.cancelled) { try await task.value }
    }

    /// Writes `total` bytes of blank filler, or less if the peer leaves first.
    private static func stream(_ total: Int, to connection: TestHTTPServer.Connection) {
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
        var sent = 0
        while sent < total {
            let count = connection.write(chunk)
            sent += count
            if count < chunk.count { break }
        }
    }
}
