import Foundation
import Testing
@testable import HTTPServer

/// gzip over real sockets with the system `curl`: `--compressed` decodes what we send, the raw
/// headers say `Content-Encoding` and `Vary`, and each form's ETag gets its 304.
@Suite struct StaticFilesCompressionServerTests {
    static let script = StaticFilesCompressionTests.script

    func withFiles(_ body: (String) async throws -> Void) async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        try web.write("big.js", Self.script)
        var router = Router()
        router.serveFiles(try StaticFiles(root: web.root.path))
        try await withServer(router) { server in try await body("http://127.0.0.1:\(server.port)/big.js") }
    }

    /// The header fields of `curl -D -` output, names lowercased.
    func fields(_ head: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    @Test func curlCompressedGetsGzipAndDecodesIt() async throws {
        try await withFiles { url in
            #expect(try await Curl.run(["-s", "--compressed", url]) == Self.script)
            let head = fields(try await Curl.run(["-s", "--compressed", "-D", "-", "-o", "/dev/null", url]))
            #expect(head["content-encoding"] == "gzip")
            #expect(head["vary"] == "Accept-Encoding")
            #expect(head["etag"]?.hasSuffix("-gzip\"") == true)
            #expect(Int(head["content-length"] ?? "") ?? .max < Self.script.utf8.count / 5)

            let plain = fields(try await Curl.run(["-s", "-D", "-", "-o", "/dev/null", url]))
            #expect(plain["content-encoding"] == nil)
            #expect(plain["vary"] == "Accept-Encoding")
            #expect(plain["content-length"] == String(Self.script.utf8.count))
            #expect(plain["etag"] != head["etag"])
        }
    }

    @Test func theRawBytesAreGzip() async throws {
        try await withFiles { url in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            _ = try await Curl.run(["-s", "-H", "Accept-Encoding: gzip", "-o", file.path, url])
            let raw = [UInt8](try Data(contentsOf: file))
            #expect(Gunzip.decompress(raw) == Array(Self.script.utf8))
        }
    }

    @Test func bothFormsGet304ForTheirETag() async throws {
        try await withFiles { url in
            let gzipTag = try #require(fields(try await Curl.run(["-s", "--compressed", "-D", "-", "-o", "/dev/null", url]))["etag"])
            let plainTag = try #require(fields(try await Curl.run(["-s", "-D", "-", "-o", "/dev/null", url]))["etag"])
            let status = ["-s", "-o", "/dev/null", "-w", "%{http_code}"]
            #expect(try await Curl.run(status + ["--compressed", "-H", "If-None-Match: \(gzipTag)", url]) == "304")
            #expect(try await Curl.run(status + ["-H", "If-None-Match: \(plainTag)", url]) == "304")
            #expect(try await Curl.run(status + ["-H", "If-None-Match: \(gzipTag)", url]) == "200")
            #expect(try await Curl.run(status + ["--compressed", "-H", "If-None-Match: \(plainTag)", url]) == "200")
            let head = fields(try await Curl.run(["-s", "--compressed", "-D", "-", "-o", "/dev/null", "-H", "If-None-Match: \(gzipTag)", url]))
            #expect(head["vary"] == "Accept-Encoding")
            #expect(head["etag"] == gzipTag)
        }
    }
}
