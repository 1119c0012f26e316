import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import HTTPServer

/// The real server on port 0: routing over the wire, keep-alive, pipelining, HEAD, HTTP/1.0,
/// bodies, errors from handlers, port reporting and a taken port.
@Suite struct HTTPServerTests {
    struct Echo: Codable, Equatable {
        var answer: String
    }

    static func router() -> Router {
        var router = Router()
        router.get("/hello/:name") { request in
            .text("Hola, \(request.parameters["name"] ?? "?")")
        }
        router.get("/query") { request in
            .text(request.query("q") ?? "none")
        }
        router.post("/echo", bodyLimit: 64) { request in
            let echo = try request.decodeJSON(Echo.self)
            return try .json(echo)
        }
        router.put("/items/:id") { request in .text("put \(request.parameters["id"] ?? "(none)") \(request.bodyText)") }
        router.get("/main-actor") { _ in
            let value = await MainActor.run { "from main actor" }
            return .text(value)
        }
        router.get("/framing") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked", "Connection": "close"], body: Array("abc".utf8))
        }
        router.get("/fails") { _ in throw HTTPError(.conflict, message: "ya existe") }
        router.get("/crashes") { _ in throw CancellationError() }
        return router
    }

    @Test func reportsTheRealPortAndAnswersURLSession() async throws {
        try await withServer(Self.router()) { server in
            #expect(server.port > 0)
            let url = URL(string: "http://127.0.0.1:\(server.port)/hello/Ana%20Mar%C3%ADa")!
            let (data, response) = try await testSession.dataOffPool(from: url)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == "Hola, Ana María")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
            #expect(http.value(forHTTPHeaderField: "Date") != nil)
        }
    }

    /// Bound without serving (`startsServing: false`): the port is known, a request that comes
    /// meanwhile waits in the backlog and is answered once `startServing()` is called.
    @Test func aRequestBeforeServingStartsIsAnsweredOnceItStarts() async throws {
        let server = try HTTPServer(configuration: .init(port: 0), router: Self.router(), startsServing: false)
        #expect(server.port > 0)
        let socket = try LoopbackSocket.connected(toPort: server.port, receiveTimeout: 60)
        defer { socket.close() }
        let request = Array("GET /hello/Ana HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { socket.send($0) } == request.count)
        server.startServing()
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
            if count <= 0 { break }
            received += chunk[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200") && text.hasSuffix("Hola, Ana"), "\(text)")
        await server.shutdown()
    }

    /// A server that never started serving still shuts down.
    @Test func anUnstartedServerShutsDown() async throws {
        let server = try HTTPServer(configuration: .init(port: 0), router: Self.router(), startsServing: false)
        await server.shutdown()
    }

    @Test func decodesQueryItems() async throws {
        try await withServer(Self.router()) { server in
            let url = URL(string: "http://127.0.0.1:\(server.port)/query?x=1&q=caf%C3%A9+con+leche")!
            let (data, _) = try await testSession.dataOffPool(from: url)
            #expect(String(decoding: data, as: UTF8.self) == "café con leche")
        }
    }

    @Test func jsonBodyInAndOut() async throws {
        try await withServer(Self.router()) { server in
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/echo")!)
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"answer":"Sí"}"#.utf8)
            let (data, response) = try await testSession.dataOffPool(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(try JSONDecoder().decode(Echo.self, from: data) == Echo(answer: "Sí"))

            request.httpBody = Data("not json".utf8)
            let (bad, badResponse) = try await testSession.dataOffPool(for: request)
            #expect((badResponse as? HTTPURLResponse)?.statusCode == 400)
            #expect(String(decoding: bad, as: UTF8.self).contains("\"error\""))
        }
    }

    @Test func handlersMayAwaitTheMainActor() async throws {
        try await withServer(Self.router()) { server in
            let (data, _) = try await testSession.dataOffPool(from: URL(string: "http://127.0.0.1:\(server.port)/main-actor")!)
            #expect(String(decoding: data, as: UTF8.self) == "from main actor")
        }
    }

    @Test func thrownErrorsBecomeResponses() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /fails HTTP/1.1\r\nHost: x\r\n\r\nGET /crashes HTTP/1.1\r\nHost: x\r\n\r\n")
            let responses = await client.receiveResponses(2)
            #expect(responses.map(\.status) == [409, 500])
            #expect(responses.first?.bodyText == #"{"error":"ya existe"}"#)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        try await withClient(Self.router()) { client in
            for index in 0..<5 {
                client.send("GET /hello/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                let responses = await client.receiveResponses(index + 1)
                #expect(responses.count == index + 1)
                #expect(responses.last?.bodyText == "Hola, \(index)")
                #expect(responses.last?.header("Connection") == nil)
            }
            #expect(!client.closedByPeer)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withClient(Self.router()) { client in
            var batch = ""
            for index in 0..<20 { batch += "GET /hello/\(index) HTTP/1.1\r\nHost: x\r\n\r\n" }
            batch += "PUT /items/7 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
            batch += "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n"
            client.send(batch)
            let responses = await client.receiveResponses(22)
            try #require(responses.count == 22)
            #expect(responses.prefix(20).map(\.bodyText) == (0..<20).map { "Hola, \($0)" })
            #expect(responses[20].bodyText == "put 7 abc")
            #expect(responses[21].status == 404)
        }
    }

    @Test func headAnswersWithoutBody() async throws {
        try await withClient(Self.router()) { client in
            client.send("HEAD /hello/Eva HTTP/1.1\r\nHost: x\r\n\r\nGET /hello/Eva HTTP/1.1\r\nHost: x\r\n\r\n")
            await client.receive { RawResponse.parseAll($0, bodyless: true).count >= 2 }
            let text = client.text
            let head = RawResponse.parseAll(client.received, bodyless: true)[0]
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "9")
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            let second = text.range(of: "HTTP/1.1 200", range: text.index(after: text.startIndex)..<text.endIndex)
            #expect(second != nil, "the GET answer follows the HEAD head directly, no body between")
            #expect(text.hasSuffix("Hola, Eva"))
        }
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        try await withServer(Self.router()) { server in
            let plain = try RawClient(port: server.port)
            plain.send("GET /hello/uno HTTP/1.0\r\n\r\n")
            #expect(await plain.receiveUntilClosed())
            #expect(plain.text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(plain.text.contains("Connection: close"))
            #expect(plain.text.hasSuffix("Hola, uno"))

            let kept = try RawClient(port: server.port)
            kept.send("GET /hello/dos HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let responses = await kept.receiveResponses(1)
            #expect(responses.first?.header("Connection") == "keep-alive")
            kept.send("GET /hello/tres HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(await kept.receiveResponses(2).last?.bodyText == "Hola, tres")
        }
    }

    @Test func halfClosedClientGetsItsAnswersThenTheConnectionCloses() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /hello/a HTTP/1.1\r\nHost: x\r\n\r\nGET /hello/b HTTP/1.1\r\nHost: x\r\n\r\nGET /hello/c HTTP/1.1\r\nHo")
            client.shutdownSending()
            #expect(await client.receiveUntilClosed())
            #expect(RawResponse.parseAll(client.received).map(\.bodyText) == ["Hola, a", "Hola, b"])
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /hello/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(await client.receiveUntilClosed())
            #expect(RawResponse.parseAll(client.received).first?.header("Connection") == "close")
        }
    }

    @Test func handlersCannotBreakTheFramingButMayClose() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /framing HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await client.receiveUntilClosed())
            let response = RawResponse.parseAll(client.received).first
            #expect(response?.header("Content-Length") == "3")
            #expect(response?.header("Transfer-Encoding") == nil)
            #expect(response?.header("Connection") == "close")
            #expect(response?.bodyText == "abc")
        }
    }

    @Test func chunkedRequestBodiesAreDecoded() async throws {
        try await withClient(Self.router()) { client in
            client.send("PUT /items/9 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            client.send("2;ext=1\r\nde\r\n0\r\nX-Trailer: yes\r\n\r\n")
            #expect(await client.receiveResponses(1).first?.bodyText == "put 9 abcde")
        }
    }

    @Test func expectContinueGetsAnInterimResponse() async throws {
        try await withClient(Self.router()) { client in
            client.send("PUT /items/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
            #expect(await client.receive { String(decoding: $0, as: UTF8.self).contains("100 Continue\r\n\r\n") })
            client.send("ok")
            #expect(await client.receive { String(decoding: $0, as: UTF8.self).hasSuffix("put 1 ok") })
        }
    }

    @Test func bodyOverTheRouteLimitIs413BeforeItIsRead() async throws {
        try await withClient(Self.router()) { client in
            client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
            #expect(await client.receiveUntilClosed())
            #expect(RawResponse.parseAll(client.received).first?.status == 413)
        }
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /nope HTTP/1.1\r\nHost: x\r\n\r\nDELETE /hello/x HTTP/1.1\r\nHost: x\r\n\r\n")
            let responses = await client.receiveResponses(2)
            #expect(responses.map(\.status) == [404, 405])
            #expect(responses.last?.header("Allow") == "GET, HEAD")
        }
    }

    @Test func aTakenPortIsAClearError() async throws {
        try await withServer(Self.router()) { server in
            #expect(throws: HTTPServer.StartError.addressInUse(host: "127.0.0.1", port: server.port)) {
                _ = try HTTPServer(configuration: .init(port: server.port), router: Router())
            }
            let error = HTTPServer.StartError.addressInUse(host: "127.0.0.1", port: server.port)
            #expect(error.description.contains("already in use"))
        }
    }
}
