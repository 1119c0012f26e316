import Foundation
import Testing
@testable import HTTPServer

/// `StaticFiles` called directly: content types, validators, 304, HEAD, directories, caching,
/// and every path-safety rule.
@Suite struct StaticFilesTests {
    func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        files.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    func header(_ response: HTTPResponse, _ name: String) -> String? {
        let lines = String(decoding: response.encodedHeaders, as: UTF8.self).components(separatedBy: "\r\n")
        let prefix = name.lowercased() + ":"
        return lines.first { $0.lowercased().hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
            ?? response.headers[name]
    }

    @Test func servesEachTypeWithItsContentType() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        let expected = [
            "/index.html": "text/html; charset=utf-8", "/app.css": "text/css; charset=utf-8",
            "/app.js": "text/javascript; charset=utf-8", "/data.json": "application/json",
            "/icon.svg": "image/svg+xml", "/pic.png": "image/png", "/photo.jpg": "image/jpeg",
            "/photo.webp": "image/webp", "/favicon.ico": "image/x-icon",
            "/manifest.webmanifest": "application/manifest+json",
        ]
        for (path, type) in expected {
            let response = get(files, path)
            #expect(response.status == .ok, "\(path)")
            #expect(header(response, "Content-Type") == type, "\(path)")
        }
        #expect(get(files, "/app.css").bodyText == "body{}")
        #expect(get(files, "/espacio%20en%20nombre.txt").bodyText == "con espacios")
    }

    @Test func sendsValidatorsAndAnswers304() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, cacheControl: "public, max-age=60")
        let first = get(files, "/app.js")
        let etag = try #require(header(first, "ETag"))
        let lastModified = try #require(header(first, "Last-Modified"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(lastModified.hasSuffix(" GMT"))
        #expect(header(first, "Cache-Control") == "public, max-age=60")

        let revalidated = get(files, "/app.js", headers: ["If-None-Match": etag])
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty || revalidated.status == .notModified)
        #expect(header(revalidated, "ETag") == etag)
        #expect(get(files, "/app.js", headers: ["If-None-Match": "\"other\", W/\(etag)"]).status == .notModified)
        #expect(get(files, "/app.js", headers: ["If-None-Match": "*"]).status == .notModified)
        #expect(get(files, "/app.js", headers: ["If-None-Match": "\"other\""]).status == .ok)
        #expect(get(files, "/app.js", headers: ["If-Modified-Since": lastModified]).status == .notModified)
    }

    @Test func directoriesServeTheirIndexAndRedirectWithoutSlash() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        #expect(get(files, "/").bodyText == "<h1>Hola</h1>")
        #expect(get(files, "/sub/").bodyText == "<p>sub</p>")
        let redirect = get(files, "/sub?x=1")
        #expect(redirect.status == .movedPermanently)
        #expect(redirect.headers["Location"] == "/sub/?x=1")
        #expect(get(files, "/empty-dir/").status == .notFound)
        #expect(get(files, "/app.css/").status == .notFound)
        #expect(get(files, "/missing.html").status == .notFound)
    }

    @Test func cachedFilesAreRevalidatedByModificationTime() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .zero)
        #expect(get(files, "/app.css").bodyText == "body{}")
        let oldTag = header(get(files, "/app.css"), "ETag")
        try web.write("app.css", "body{color:red}")
        let path = web.root.appendingPathComponent("app.css").path
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: path)
        let fresh = get(files, "/app.css")
        #expect(fresh.bodyText == "body{color:red}")
        #expect(header(fresh, "ETag") != oldTag)
    }

    @Test func aCachedFileIsCheckedOnDiskAtMostOnceAWindow() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .seconds(60))
        #expect(get(files, "/app.css").bodyText == "body{}")
        try web.write("app.css", "body{color:red}")
        let path = web.root.appendingPathComponent("app.css").path
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: path)
        #expect(get(files, "/app.css").bodyText == "body{}", "within the window the cached file is served without a stat")
        let fresh = try StaticFiles(root: web.root.path, revalidateAfter: .seconds(60))
        #expect(get(fresh, "/app.css").bodyText == "body{color:red}")
    }

    @Test func neverLeavesTheRoot() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path)
        let refused = [
            "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd", "/%2e%2e%2fsecret.txt",
            "/sub/..%2f..%2fsecret.txt", "/sub/%2e%2e/%2e%2e/secret.txt", "/./index.html", "/%2e/index.html",
            "/..%5csecret.txt", "/sub%5c..%5c..%5csecret.txt", "/index.html%00.png", "/%00",
            "/sub/%2Findex.html", "/%252e%252e/secret.txt", "/bad%zzescape", "/%c0%ae%c0%ae/secret.txt",
        ]
        for path in refused {
            let response = get(files, path)
            #expect(response.status.code >= 400, "\(path) must be refused")
            #expect(!response.bodyText.contains("secreto") && !response.bodyText.contains("root:"), "\(path)")
        }
        for path in ["/passwd-link", "/etc-link/passwd", "/secret-link.txt", "/pipe", "/etc-link/"] {
            #expect(get(files, path).status == .notFound, "\(path)")
        }
        #expect(get(files, "/inside-link.css").bodyText == "body{}", "a symlink that stays inside is fine")
    }

    @Test func safeSegmentsDecodeExactlyOnce() {
        #expect(StaticFiles.safeSegments(of: "/a/b%20c") == ["a", "b c"])
        #expect(StaticFiles.safeSegments(of: "/%252e%252e") == ["%2e%2e"])
        #expect(StaticFiles.safeSegments(of: "//a//b/") == ["a", "b"])
        #expect(StaticFiles.safeSegments(of: "/a/../b") == nil)
        #expect(StaticFiles.safeSegments(of: "/a/%2F/b") == nil)
        #expect(StaticFiles.safeSegments(of: "relative") == nil)
    }

    @Test func refusesARootThatIsNotADirectory() throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        #expect(throws: StaticFiles.RootError.self) {
            _ = try StaticFiles(root: web.root.appendingPathComponent("app.css").path)
        }
        #expect(throws: StaticFiles.RootError.self) { _ = try StaticFiles(root: "/nonexistent/dir") }
    }

    @Test func theSameOriginPolicyIsStrictAndNamesOnlyTheImageSourcesGiven() {
        let strict = HTTPHeaders.sameOriginPagePolicy()["Content-Security-Policy"] ?? ""
        #expect(strict == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        let remote = HTTPHeaders.sameOriginPagePolicy(images: ["http:", "https:"])["Content-Security-Policy"]
        #expect(remote == strict.replacingOccurrences(of: "img-src 'self' data:;", with: "img-src 'self' data: http: https:;"))
    }
}
