import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import HTTPServer

/// Static files over real sockets: HEAD without body, 304 over the wire, and traversal attempts
/// sent byte for byte (no client-side normalisation) never leave the root.
@Suite struct StaticFilesServerTests {
    func router(_ web: TemporaryWebRoot) throws -> Router {
        var router = Router()
        router.serveFiles(try StaticFiles(root: web.root.path))
        return router
    }

    @Test func headHasLengthButNoBodyAnd304HasNoBody() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        try await withClient(try router(web)) { client in
            client.send("HEAD /index.html HTTP/1.1\r\nHost: h\r\n\r\n")
            await client.receive { RawResponse.parseAll($0, bodyless: true).count == 1 }
            let head = try #require(RawResponse.parseAll(client.received, bodyless: true).first)
            #expect(head.header("Content-Length") == "13")
            #expect(head.header("Content-Type") == "text/html; charset=utf-8")
            let etag = try #require(head.header("ETag"))
            #expect(client.text.hasSuffix("\r\n\r\n"), "nothing after the head")

            client.send("GET /index.html HTTP/1.1\r\nHost: h\r\nIf-None-Match: \(etag)\r\n\r\nGET /index.html HTTP/1.1\r\nHost: h\r\n\r\n")
            await client.receive { RawResponse.parseAll($0, bodyless: true).count == 3 && String(decoding: $0, as: UTF8.self).hasSuffix("</h1>") }
            let all = RawResponse.parseAll(client.received, bodyless: true)
            #expect(all.map(\.status) == [200, 304, 200])
            #expect(client.text.hasSuffix("\r\n\r\n<h1>Hola</h1>"))
        }
    }

    @Test func urlSessionGetsFilesAndRevalidates() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        try await withServer(try router(web)) { server in
            let (data, response) = try await testSession.dataOffPool(from: URL(string: "http://127.0.0.1:\(server.port)/sub/")!)
            #expect(String(decoding: data, as: UTF8.self) == "<p>sub</p>")
            let etag = try #require((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag"))
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/sub/")!)
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            let (_, second) = try await testSession.dataOffPool(for: request)
            #expect((second as? HTTPURLResponse)?.statusCode == 304)
        }
    }

    @Test func otherMethodsOnAFileGet405WithAllow() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        var router = try router(web)
        router.post("/app.js") { _ in .text("a route wins") }
        try await withServer(router) { server in
            for path in ["/", "/index.html", "/app.css", "/sub/", "/sub", "/espacio%20en%20nombre.txt", "/inside-link.css"] {
                for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
                    let client = try RawClient(port: server.port)
                    client.send("\(method) \(path) HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
                    await client.receive { RawResponse.parseAll($0).count == 1 }
                    let response = try #require(RawResponse.parseAll(client.received).first, "\(method) \(path)")
                    #expect(response.status == 405, "\(method) \(path)")
                    #expect(response.header("Allow") == "GET, HEAD", "\(method) \(path)")
                }
            }
            for path in ["/missing.html", "/sub/nothing", "/empty-dir/", "/app.css/", "/../secret.txt", "/secret-link.txt", "/passwd-link", "/pipe"] {
                let client = try RawClient(port: server.port)
                client.send("POST \(path) HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
                await client.receive { RawResponse.parseAll($0).count == 1 }
                let status = RawResponse.parseAll(client.received).first?.status
                #expect(status == 404 || status == 400, "POST \(path): nothing to read there, \(String(describing: status))")
            }
            let routed = try RawClient(port: server.port)
            routed.send("POST /app.js HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
            await routed.receive { $0.count > 0 && String(decoding: $0, as: UTF8.self).hasSuffix("a route wins") }
            #expect(RawResponse.parseAll(routed.received).first?.status == 200)
        }
    }

    @Test func traversalOverTheWireNeverLeavesTheRoot() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        try await withServer(try router(web)) { server in
            let attacks = [
                "/%2e%2e/%2e%2e/etc/passwd", "/../../etc/passwd", "/..%2f..%2fetc%2fpasswd",
                "/%2e%2e/secret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt", "/etc-link/passwd",
                "/passwd-link", "/secret-link.txt", "/sub/../../secret.txt", "/.%2e/secret.txt",
                "/%252e%252e/secret.txt", "/index.html%00", "/pipe",
            ]
            for attack in attacks {
                let client = try RawClient(port: server.port)
                client.send("GET \(attack) HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
                await client.receiveUntilClosed()
                let response = RawResponse.parseAll(client.received).first
                #expect(response.map { $0.status >= 400 } == true, "\(attack): \(client.text.prefix(40))")
                #expect(!client.text.contains("root:") && !client.text.contains("secreto"), "\(attack)")
            }
        }
    }

    @Test func curlWithPathAsIsGetsNoPasswd() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        try await withServer(try router(web)) { server in
            let output = try await Curl.run(["-s", "--path-as-is", "-o", "-", "-w", "\n%{http_code}",
                                             "http://127.0.0.1:\(server.port)/%2e%2e/%2e%2e/etc/passwd"])
            #expect(!output.contains("root:"))
            #expect(output.hasSuffix("400"))
        }
    }

    /// The `Content-Security-Policy` a GET of `path` answers with, if any.
    func policy(_ server: HTTPServer, _ path: String) async throws -> String? {
        let (_, response) = try await testSession.dataOffPool(from: try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)")))
        return try #require(response as? HTTPURLResponse).value(forHTTPHeaderField: "Content-Security-Policy")
    }

    @Test func pagesCarryTheirFoldersPolicyAndOtherFilesNone() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        var router = Router()
        let strict = HTTPHeaders.sameOriginPagePolicy()["Content-Security-Policy"]
        let images = HTTPHeaders.sameOriginPagePolicy(images: ["https:"])["Content-Security-Policy"]
        router.serveFiles(try StaticFiles(
            root: web.root.path, pageHeaders: ["/": .sameOriginPagePolicy(images: ["https:"]), "/sub/": .sameOriginPagePolicy()]))
        try await withServer(router) { server in
            for path in ["/", "/index.html"] {
                let found = try await policy(server, path)
                #expect(found == images && found != nil, "\(path)")
            }
            for path in ["/sub/", "/sub/index.html"] {
                let found = try await policy(server, path)
                #expect(found == strict && found != nil, "\(path): the longest prefix wins")
            }
            for path in ["/app.css", "/app.js", "/data.json", "/icon.svg"] {
                let found = try await policy(server, path)
                #expect(found == nil, "\(path) is no page")
            }
        }
    }
}
