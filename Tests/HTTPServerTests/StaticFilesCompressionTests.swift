import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// `StaticFiles` sending text files in gzip: which files, which requests, the two forms'
/// headers and ETags, 304 for each form, and the kept gzip form following an edited file.
@Suite struct StaticFilesCompressionTests {
    static let gzipRequest: HTTPHeaders = ["Accept-Encoding": "gzip, deflate, br"]
    static let script = String(repeating: "export function saluda(nombre) { return `Hola, ${nombre}`; }\n", count: 40)

    func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = gzipRequest, method: HTTPMethod = .get) -> HTTPResponse {
        files.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    func header(_ response: HTTPResponse, _ name: String) -> String? {
        StaticFilesTests().header(response, name)
    }

    func webRoot() throws -> TemporaryWebRoot {
        let web = try TemporaryWebRoot()
        try web.write("big.js", Self.script)
        try web.write("page.html", "<!doctype html><title>Clase</title>" + String(repeating: "<p>Pregunta</p>\n", count: 100))
        try web.write("big.png", String(repeating: "png", count: 1000))
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try TestFiles.write(Data(noise), to: web.root.appendingPathComponent("noise.txt"))
        return web
    }

    @Test func textFilesGoInGzipWithTheirOwnETagAndVary() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        let plain = get(files, "/big.js", headers: [:])
        let gzip = get(files, "/big.js")
        #expect(header(plain, "Content-Encoding") == nil)
        #expect(plain.bodyText == Self.script)
        #expect(header(gzip, "Content-Encoding") == "gzip")
        #expect(header(gzip, "Content-Type") == "text/javascript; charset=utf-8")
        #expect(Gunzip.decompress(gzip.body) == Array(Self.script.utf8))
        #expect(gzip.body.count < plain.body.count / 5)
        for response in [plain, gzip] {
            #expect(header(response, "Vary") == "Accept-Encoding")
            #expect(header(response, "Last-Modified") == header(plain, "Last-Modified"))
        }
        let plainTag = try #require(header(plain, "ETag"))
        #expect(header(gzip, "ETag") == String(plainTag.dropLast()) + "-gzip\"")
        #expect(get(files, "/big.js").body == gzip.body, "the kept form is served again")
    }

    @Test func eachFormAnswers304ToItsOwnETagOnly() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        let plainTag = try #require(header(get(files, "/big.js", headers: [:]), "ETag"))
        let gzipTag = try #require(header(get(files, "/big.js"), "ETag"))
        #expect(plainTag != gzipTag)

        let gzip304 = get(files, "/big.js", headers: ["Accept-Encoding": "gzip", "If-None-Match": gzipTag])
        #expect(gzip304.status == .notModified)
        #expect(header(gzip304, "ETag") == gzipTag)
        #expect(header(gzip304, "Vary") == "Accept-Encoding")
        let plain304 = get(files, "/big.js", headers: ["If-None-Match": plainTag])
        #expect(plain304.status == .notModified)
        #expect(header(plain304, "ETag") == plainTag)
        #expect(header(plain304, "Vary") == "Accept-Encoding")

        let crossed = get(files, "/big.js", headers: ["Accept-Encoding": "gzip", "If-None-Match": plainTag])
        #expect(crossed.status == .ok, "a cached identity body is not the gzip one")
        #expect(header(crossed, "Content-Encoding") == "gzip")
        #expect(get(files, "/big.js", headers: ["If-None-Match": gzipTag]).status == .ok)
        #expect(get(files, "/big.js", headers: ["Accept-Encoding": "gzip", "If-None-Match": "W/\(gzipTag)"]).status == .notModified)
    }

    @Test func htmlKeepsItsPageHeadersInBothForms() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, pageHeaders: ["/": .sameOriginPagePolicy()])
        let policy = HTTPHeaders.sameOriginPagePolicy()["Content-Security-Policy"]
        for headers in [Self.gzipRequest, [:]] {
            let response = get(files, "/page.html", headers: headers)
            #expect(header(response, "Content-Security-Policy") == policy)
            #expect(header(response, "Content-Type") == "text/html; charset=utf-8")
        }
        #expect(header(get(files, "/page.html"), "Content-Encoding") == "gzip")
    }

    @Test func headGetsTheGzipFormsHeadersAndLength() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        let head = get(files, "/big.js", method: .head)
        let body = get(files, "/big.js")
        #expect(header(head, "Content-Encoding") == "gzip")
        #expect(head.body == body.body, "the encoder sends its length and drops it")
        #expect(header(head, "ETag") == header(body, "ETag"))
    }

    @Test func smallFilesImagesAndIncompressibleFilesGoAsTheyAre() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        for path in ["/app.js", "/index.html", "/big.png"] {
            let response = get(files, path)
            #expect(header(response, "Content-Encoding") == nil, "\(path)")
            #expect(header(response, "Vary") == nil, "\(path): one form only")
        }
        let noise = get(files, "/noise.txt")
        #expect(header(noise, "Content-Encoding") == nil, "gzip would not make it smaller")
        #expect(noise.body.count == 4096)
        #expect(header(get(files, "/noise.txt"), "Content-Encoding") == nil)
    }

    @Test func refusalsAndRangesAreHonoured() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        for refusal in ["gzip;q=0", "identity", "br", "*;q=0"] {
            let response = get(files, "/big.js", headers: ["Accept-Encoding": refusal])
            #expect(header(response, "Content-Encoding") == nil, "\(refusal)")
            #expect(response.bodyText == Self.script)
        }
        let range = get(files, "/big.js", headers: ["Accept-Encoding": "gzip", "Range": "bytes=0-9"])
        #expect(range.status == .ok, "ranges are not supported: the whole representation")
        #expect(Gunzip.decompress(range.body) == Array(Self.script.utf8))
    }

    @Test func anEditedFileIsCompressedAgain() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .zero)
        let old = get(files, "/big.js")
        let edited = Self.script.replacingOccurrences(of: "Hola", with: "Adiós")
        try web.write("big.js", edited)
        let path = web.root.appendingPathComponent("big.js").path
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: path)
        let fresh = get(files, "/big.js")
        #expect(Gunzip.decompress(fresh.body) == Array(edited.utf8))
        #expect(header(fresh, "ETag") != header(old, "ETag"))
        #expect(header(fresh, "ETag")?.hasSuffix("-gzip\"") == true)
        #expect(get(files, "/big.js", headers: ["Accept-Encoding": "gzip", "If-None-Match": header(old, "ETag") ?? ""]).status == .ok)
    }

    @Test func theGzipFormCountsInTheCacheBound() throws {
        let web = try webRoot()
        defer { web.remove() }
        let size = Self.script.utf8.count
        // Room for the file but not for its gzip form too: it keeps going out as it is.
        let files = try StaticFiles(root: web.root.path, maxCacheBytes: size + 10)
        #expect(header(get(files, "/big.js"), "Content-Encoding") == nil)
        #expect(get(files, "/big.js").bodyText == Self.script)
        let roomy = try StaticFiles(root: web.root.path, maxCacheBytes: size + 500)
        #expect(header(get(roomy, "/big.js"), "Content-Encoding") == "gzip")
    }
}
