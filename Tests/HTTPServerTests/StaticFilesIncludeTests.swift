import CEventLoop
import Foundation
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

/// `StaticFiles` expanding the pages' server-side includes: the expanded bytes, the ETag and
/// `Last-Modified` following the partial, 304 and gzip for the expanded page, and every include
/// that is refused (500, said in the report, nothing of the file sent).
@Suite struct StaticFilesIncludeTests {
    static let head = "<!doctype html>\n<meta name=\"theme-color\" content=\"<!--#echo var=\"theme\" default=\"#000000\" -->\">\n"
    static let page = "<!--#include virtual=\"/partials/head.html\" -->\n<title>Libros</title>\n"
        + String(repeating: "<p>Pregunta</p>\n", count: 100)
    static let expanded = "<!doctype html>\n<meta name=\"theme-color\" content=\"#000000\">\n<title>Libros</title>\n"
        + String(repeating: "<p>Pregunta</p>\n", count: 100)

    /// The report's lines.
    final class Reports: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        files.respond(to: HTTPRequest(method: .get, target: target, headers: headers))
    }

    func header(_ response: HTTPResponse, _ name: String) -> String? {
        StaticFilesTests().header(response, name)
    }

    func webRoot() throws -> TemporaryWebRoot {
        let web = try TemporaryWebRoot()
        try FileManager.default.createDirectory(
            at: web.root.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try web.write("partials/head.html", Self.head)
        try web.write("page.html", Self.page)
        return web
    }

    /// Writes `text` to `relative` with an mtime `seconds` from now (so the edit is seen at once).
    func edit(_ web: TemporaryWebRoot, _ relative: String, _ text: String, seconds: TimeInterval = 10) throws {
        try web.write(relative, text)
        let path = web.root.appendingPathComponent(relative).path
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(seconds)], ofItemAtPath: path)
    }

    @Test func aPageIsSentWithItsPartialExpanded() throws {
        let web = try webRoot()
        defer { web.remove() }
        try web.write("home.html", "<!--#set var=\"theme\" value=\"#2a5298\" --><!--#include virtual=\"/partials/head.html\" -->\n<h1>Apps</h1>")
        let files = try StaticFiles(root: web.root.path)
        #expect(get(files, "/page.html").bodyText == Self.expanded)
        #expect(get(files, "/home.html").bodyText
            == "<!doctype html>\n<meta name=\"theme-color\" content=\"#2a5298\">\n<h1>Apps</h1>")
        #expect(get(files, "/index.html").bodyText == "<h1>Hola</h1>", "a page without directives is sent as it is")
        #expect(get(files, "/partials/head.html").bodyText
            == "<!doctype html>\n<meta name=\"theme-color\" content=\"#000000\">\n", "a partial is served too")
        let plainTag = try #require(header(get(files, "/index.html"), "ETag"))
        #expect(!plainTag.contains("ssi"), "a page without directives keeps the file's ETag")
    }

    @Test func aPartialIncludedAgainIsReadOnceAndEchoesTheVariablesSetBeforeEachInclude() throws {
        let tile = Array("<li><!--#echo var=\"name\" --></li>".utf8)
        let reads = Mutex(0)
        var includes = ServerSideIncludes { _ in
            reads.withLock { $0 += 1 }
            return .init(path: "/web/partials/tile.html", info: cel_file_info(), body: tile)
        }
        let page = ["Quizzes", "Libros", "Películas & <Cine>"]
            .map { "<!--#set var=\"name\" value=\"\($0)\" --><!--#include virtual=\"/partials/tile.html\" -->" }
            .joined(separator: "\n")
        let expanded = try includes.expand(Array(page.utf8))
        #expect(String(decoding: expanded, as: UTF8.self)
            == "<li>Quizzes</li>\n<li>Libros</li>\n<li>Películas &amp; &lt;Cine&gt;</li>")
        #expect(reads.withLock { $0 } == 1 && includes.partials.count == 1, "one read, one dependency to revalidate")
    }

    @Test func anEditedPartialChangesThePageItsETagAndLastModified() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .zero)
        let first = get(files, "/page.html")
        let etag = try #require(header(first, "ETag"))
        let lastModified = try #require(header(first, "Last-Modified"))
        #expect(get(files, "/page.html", headers: ["If-None-Match": etag]).status == .notModified)

        try edit(web, "partials/head.html", Self.head.replacingOccurrences(of: "doctype", with: "DOCTYPE"), seconds: 3600)
        let fresh = get(files, "/page.html")
        #expect(fresh.bodyText == Self.expanded.replacingOccurrences(of: "doctype", with: "DOCTYPE"))
        let newTag = try #require(header(fresh, "ETag"))
        #expect(newTag != etag)
        #expect(header(fresh, "Last-Modified") != lastModified, "the partial's newer mtime")
        #expect(get(files, "/page.html", headers: ["If-None-Match": etag]).status == .ok)
        #expect(get(files, "/page.html", headers: ["If-None-Match": newTag]).status == .notModified)
    }

    @Test func withinTheRevalidationWindowTheCachedPageIsServed() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .seconds(60))
        #expect(get(files, "/page.html").bodyText == Self.expanded)
        try edit(web, "partials/head.html", "<!doctype html>\n")
        #expect(get(files, "/page.html").bodyText == Self.expanded, "within the window the cached page is served")
    }

    @Test func theGzipFormIsTheExpandedPageWithItsOwnETagAnd304() throws {
        let web = try webRoot()
        defer { web.remove() }
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .zero)
        let gzipRequest: HTTPHeaders = ["Accept-Encoding": "gzip"]
        let plainTag = try #require(header(get(files, "/page.html"), "ETag"))
        let gzip = get(files, "/page.html", headers: gzipRequest)
        #expect(header(gzip, "Content-Encoding") == "gzip")
        #expect(Gunzip.decompress(gzip.body).map { String(decoding: $0, as: UTF8.self) } == Self.expanded)
        let gzipTag = try #require(header(gzip, "ETag"))
        #expect(gzipTag == String(plainTag.dropLast()) + "-gzip\"")
        var revalidate = gzipRequest
        revalidate.add(name: "If-None-Match", value: gzipTag)
        #expect(get(files, "/page.html", headers: revalidate).status == .notModified)

        try edit(web, "partials/head.html", "<!DOCTYPE html>\n", seconds: 3600)
        let fresh = get(files, "/page.html", headers: gzipRequest)
        #expect(Gunzip.decompress(fresh.body).map { String(decoding: $0, as: UTF8.self) }
            == "<!DOCTYPE html>\n<title>Libros</title>\n" + String(repeating: "<p>Pregunta</p>\n", count: 100))
        #expect(get(files, "/page.html", headers: revalidate).status == .ok, "the old gzip ETag no longer matches")
    }

    @Test func refusedIncludesAnswer500AndSayWhy() throws {
        let web = try webRoot()
        defer { web.remove() }
        try web.write("partials/nested.html", "<!--#include virtual=\"/partials/head.html\" -->")
        let refused = [
            "<!--#include virtual=\"../secret.txt\" -->", "<!--#include virtual=\"/../secret.txt\" -->",
            "<!--#include virtual=\"/%2e%2e/secret.txt\" -->", "<!--#include virtual=\"/sub/..%2f..%2fsecret.txt\" -->",
            "<!--#include virtual=\"/secret-link.txt\" -->", "<!--#include virtual=\"/passwd-link\" -->",
            "<!--#include virtual=\"/etc-link/passwd\" -->", "<!--#include virtual=\"/pipe\" -->",
            "<!--#include virtual=\"/sub\" -->", "<!--#include virtual=\"/\" -->",
            "<!--#include virtual=\"partials/head.html\" -->", "<!--#include virtual=\"/partials/head.html?x=1\" -->",
            "<!--#include virtual=\"/missing.html\" -->", "<!--#include virtual=\"/partials/nested.html\" -->",
            "<!--#include file=\"/partials/head.html\" -->", "<!--#exec cmd=\"cat /etc/passwd\" -->",
            "<!--#echo var=\"unset\" -->", "<!--#include virtual=\"/partials/head.html\"", "<!--# -->",
        ]
        for (index, directive) in refused.enumerated() {
            let reports = Reports()
            let files = try StaticFiles(root: web.root.path, report: { reports.add($0) })
            try web.write("bad\(index).html", "<p>antes</p>\n\(directive)\n<p>después</p>")
            let response = get(files, "/bad\(index).html")
            #expect(response.status == .internalServerError, "\(directive)")
            #expect(!response.bodyText.contains("secreto") && !response.bodyText.contains("root:"), "\(directive)")
            #expect(!response.bodyText.contains("antes"), "\(directive): nothing of the page is sent")
            let line = try #require(reports.all.first, "\(directive)")
            #expect(reports.all.count == 1 && line.hasPrefix("StaticFiles: /bad\(index).html: "), "\(line)")
        }
    }

    @Test func aMissingPartialIsNamedInTheReport() throws {
        let web = try webRoot()
        defer { web.remove() }
        let reports = Reports()
        let files = try StaticFiles(root: web.root.path, revalidateAfter: .zero, report: { reports.add($0) })
        #expect(get(files, "/page.html").status == .ok)
        try FileManager.default.removeItem(at: web.root.appendingPathComponent("partials/head.html"))
        #expect(get(files, "/page.html").status == .internalServerError, "revalidation notices the partial is gone")
        #expect(reports.all == [
            "StaticFiles: /page.html: include of \"/partials/head.html\": no such regular file in the webroot; answered 500",
        ])
    }
}
