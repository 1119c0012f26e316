import Testing
@testable import HTTPServer

/// The request parser as a pure function, rule by rule (RFC 9112/9110).
@Suite struct HTTPRequestParserTests {
    let parser = HTTPRequestParser(limits: .init(maxBodyBytes: 1000))

    func parse(_ text: String) -> HTTPRequestParser.Result { parser.parse(Array(text.utf8)) }

    func request(_ text: String) -> HTTPRequest? {
        if case .complete(let request, _) = parse(text) { return request }
        return nil
    }

    func error(_ text: String) -> HTTPParseError? {
        if case .failure(let error) = parse(text) { return error }
        return nil
    }

    func status(_ text: String) -> Int? { error(text)?.status.code }

    func isIncomplete(_ text: String) -> Bool {
        if case .incomplete = parse(text) { return true }
        return false
    }

    // MARK: Accepted

    @Test func parsesASimpleGet() throws {
        let parsed = try #require(request("GET /a/b?x=1&y=%C3%B1 HTTP/1.1\r\nHost: example\r\nAccept: */*\r\n\r\n"))
        #expect(parsed.method == .get)
        #expect(parsed.target == "/a/b?x=1&y=%C3%B1")
        #expect(parsed.path == "/a/b")
        #expect(parsed.queryString == "x=1&y=%C3%B1")
        #expect(parsed.query("y") == "ñ")
        #expect(parsed.version == .http1_1)
        #expect(parsed.headers["host"] == "example")
        #expect(parsed.headers["ACCEPT"] == "*/*")
        #expect(parsed.keepAlive)
        #expect(parsed.body.isEmpty)
    }

    @Test func reportsTheLengthConsumedSoPipelinedRequestsFollow() {
        let first = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\n"
        guard case .complete(_, let length) = parse(first + "GET /2 HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("not parsed")
            return
        }
        #expect(length == first.utf8.count)
    }

    @Test func trimsOptionalWhitespaceAroundValues() {
        #expect(request("GET / HTTP/1.1\r\nHost:\t h \t\r\nX-Empty:\r\n\r\n")?.headers["Host"] == "h")
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nX-Empty:\r\n\r\n")?.headers["X-Empty"] == "")
    }

    @Test func ignoresEmptyLinesBeforeTheRequestLine() {
        #expect(request("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")?.path == "/")
    }

    @Test func acceptsHTTP10WithoutHost() {
        let parsed = request("GET / HTTP/1.0\r\n\r\n")
        #expect(parsed?.version == .http1_0)
        #expect(parsed?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive == true)
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, Close\r\n\r\n")?.keepAlive == false)
    }

    @Test func treatsHigherMinorVersionsAsHTTP11() {
        #expect(request("GET / HTTP/1.7\r\nHost: h\r\n\r\n")?.version == .http1_1)
    }

    @Test func acceptsAbsoluteFormAndAsteriskForOptions() {
        let absolute = request("GET http://example.com/p/q?z=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(absolute?.path == "/p/q")
        #expect(absolute?.queryString == "z=1")
        #expect(request("GET http://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n")?.path == "/")
        #expect(request("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")?.path == "*")
        #expect(status("GET * HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET relative HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
    }

    @Test func readsContentLengthBodies() {
        let parsed = request("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
        #expect(parsed?.bodyText == "hello")
        #expect(isIncomplete("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhel"))
        #expect(request("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")?.body.isEmpty == true)
        #expect(request("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")?.bodyText == "abc")
    }

    @Test func decodesChunkedBodies() {
        let text = "POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\n"
        #expect(request(text)?.bodyText == "Wikipedia in\r\n\r\nchunks.")
        #expect(request("POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n")?.body.isEmpty == true)
        #expect(isIncomplete("POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWi"))
        #expect(isIncomplete("POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"))
    }

    @Test func chunkedDecodingResumesWhereItStopped() {
        let wire = Array("3\r\nabc\r\n1;x=y\r\nd\r\n2\r\nef\r\n0\r\n\r\n".utf8)
        var progress = HTTPRequestParser.ChunkedProgress()
        var decodedPositions: [Int] = []
        for end in 1...wire.count {
            let result = wire[0..<end].withUnsafeBufferPointer { parser.decodeChunked($0, limit: 100, progress: &progress) }
            if decodedPositions.last != progress.position { decodedPositions.append(progress.position) }
            switch result {
            case .incomplete:
                #expect(end < wire.count)
            case .complete(let body, let length):
                #expect(end == wire.count)
                #expect(body == Array("abcdef".utf8))
                #expect(length == wire.count)
            case .failure(let error):
                Issue.record("unexpected \(error)")
            }
        }
        #expect(decodedPositions == [0, 8, 18, 25], "each chunk is decoded once, when it is complete")
    }

    @Test func waitsForTheWholeHead() {
        #expect(isIncomplete(""))
        #expect(isIncomplete("GET / HTT"))
        #expect(isIncomplete("GET / HTTP/1.1\r\nHost: h\r\n"))
        #expect(isIncomplete("GET / HTTP/1.1\r\nHost: h\r\n\r"))
    }

    // MARK: Refused: request line

    @Test func unknownMethodIs501() {
        #expect(status("BREW /pot HTTP/1.1\r\nHost: h\r\n\r\n") == 501)
        #expect(status("get / HTTP/1.1\r\nHost: h\r\n\r\n") == 501)
    }

    @Test func malformedRequestLinesAre400() {
        #expect(status("GET  / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1 \r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET /\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GE(T / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET /a\u{1}b HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / http/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/11\r\nHost: h\r\n\r\n") == 400)
        #expect(status("\rGET / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(parser.parse(Array("GET /\u{e9} HTTP/1.1\r\nHost: h\r\n\r\n".utf8)).isFailure)
    }

    @Test func otherMajorVersionsAre505() {
        #expect(status("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
        #expect(status("GET / HTTP/0.9\r\nHost: h\r\n\r\n") == 505)
        #expect(status("GET / HTTP/3.0\r\nHost: h\r\n\r\n") == 505)
    }

    @Test func tooLongTargetIs414() {
        let long = "/" + String(repeating: "a", count: 9000)
        #expect(status("GET \(long) HTTP/1.1\r\nHost: h\r\n\r\n") == 414)
        #expect(status("GET \(long)") == 414, "refused before the line even ends")
    }

    // MARK: Refused: header fields

    @Test func hostMustAppearExactlyOnceInHTTP11() {
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n") == 400)
        #expect(request("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n") != nil)
    }

    @Test func whitespaceBeforeTheColonIs400() {
        #expect(status("GET / HTTP/1.1\r\nHost : h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-A\t: 1\r\n\r\n") == 400)
    }

    @Test func obsoleteLineFoldingIs400() {
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-Long: a\r\n b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-Long: a\r\n\tb\r\n\r\n") == 400)
    }

    @Test func controlBytesInValuesAre400() {
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\rb\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\nb\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{0}b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{7f}b\r\n\r\n") == 400)
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\tb\r\n\r\n")?.headers["X-A"] == "a\tb")
    }

    @Test func malformedFieldLinesAre400() {
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n: empty\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX(A): 1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\nX: 1\r\n\r\n") == 400)
    }

    @Test func tooManyFieldsAre431() {
        let fields = (0..<101).map { "X-\($0): v\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n") == 431)
        let hundred = (0..<99).map { "X-\($0): v\r\n" }.joined()
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\n\(hundred)\r\n")?.headers.count == 100)
    }

    @Test func tooLargeHeadIs431() {
        let big = String(repeating: "v", count: 81 * 1024)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(big)\r\n\r\n") == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(big)") == 431, "refused before the head ends")
    }

    @Test func expectOtherThanContinueIs417() {
        #expect(status("PUT / HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx") == 417)
        #expect(request("PUT / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 1\r\n\r\nx")?.expectsContinue == true)
    }

    // MARK: Refused: framing

    @Test func contentLengthMustBePlainDigits() {
        for value in ["-1", "+1", "1.0", "0x10", "1 2", "", "abc", "1,1", "99999999999999999999"] {
            #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\n") == 400, "\(value)")
        }
    }

    @Test func conflictingContentLengthsAre400() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") == 400)
    }

    @Test func contentLengthWithTransferEncodingIs400() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n") == 400)
    }

    @Test func transferCodingMustEndInChunked() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: xchunked\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 400)
    }

    @Test func malformedChunksAre400() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(status(head + "zz\r\nab\r\n0\r\n\r\n") == 400)
        #expect(status(head + "2\r\nabc\r\n0\r\n\r\n") == 400)
        #expect(status(head + "-2\r\nab\r\n0\r\n\r\n") == 400)
        #expect(status(head + "2\nab\r\n0\r\n\r\n") == 400)
        #expect(status(head + "ffffffffffffffffff\r\n") == 400)
        #expect(status(head + "1\r\na\r\n0\r\nBad Trailer: x\r\n\r\n") == 400)
    }

    @Test func bodiesOverTheLimitAre413() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1001\r\n\r\n") == 413, "known before the body arrives")
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(status(head + "3e9\r\n") == 413)
        #expect(status(head + "3e8\r\n" + String(repeating: "a", count: 1000) + "\r\n1\r\n") == 413)
    }

    @Test func bodyLimitsAreChosenPerCall() {
        let bytes = Array("abcdef".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            if case .failure(let error) = parser.parseBody(buffer, framing: .contentLength(6), limit: 5) {
                #expect(error == .contentTooLarge)
            } else {
                Issue.record("6 bytes over a 5-byte limit must fail")
            }
            if case .complete(let body, let length) = parser.parseBody(buffer, framing: .contentLength(6), limit: 6) {
                #expect(body == bytes && length == 6)
            } else {
                Issue.record("6 bytes within a 6-byte limit must pass")
            }
        }
    }
}

extension HTTPRequestParserTests {
    func refusedPath(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { parser.refusedRequestPath($0) }
    }

    @Test func namesARefusedRequestByThePathThatArrived() {
        #expect(refusedPath("POST /api/a?b=1 HTTP/1.1\r\nHost: a\r\n\r\n") == "/api/a")
        #expect(refusedPath("\r\nGET /api/partial") == "/api/partial")
        #expect(refusedPath("GET https://h/api/x HTTP/1.1\r\n") == "/api/x")
        #expect(refusedPath("GET /api/\u{1}x HTTP/1.1\r\n") == "/api/")
        #expect(refusedPath("GET /" + String(repeating: "y", count: 9000)) == "/" + String(repeating: "y", count: 8 * 1024 - 1))
        #expect(refusedPath("GET") == nil)
        #expect(refusedPath("GET ") == nil)
        #expect(refusedPath("G@T /api HTTP/1.1\r\n") == nil)
        #expect(refusedPath("GET ftp://h/api HTTP/1.1\r\n") == nil)
    }
}

extension HTTPRequestParser.Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
