import Testing
import HTTPServer

/// Regressions for what the parser's fuzzer (`scripts/fuzz-http-parser`) found, one test per
/// finding. The fuzzer's main invariant: however the bytes are split into reads, the parser gives
/// `incomplete` for a prefix or exactly the answer the whole input gets.
@Suite struct ParserFuzzFindingsTests {
    let parser = HTTPRequestParser(limits: .init(maxHeadBytes: 512, maxHeaderFields: 8, maxTargetBytes: 64, maxBodyBytes: 256))

    func status(_ bytes: [UInt8]) -> Int? {
        if case .failure(let error) = parser.parse(bytes) { return error.status.code }
        return nil
    }

    /// Finding 1: a request line longer than the limit but with a short target (here a garbage
    /// version) got 414 while its line feed had not arrived, and 400 once it had.
    @Test func aLongRequestLineGetsTheSameAnswerBeforeAndAfterItsLineFeed() {
        let line = Array("GET / HTTP/2.".utf8) + [UInt8](repeating: UInt8(ascii: "Z"), count: 200)
        let whole = line + Array("\r\nHost: h\r\n\r\n".utf8)
        #expect(status(line) == 414)
        #expect(status(whole) == 414)
    }

    /// Finding 2: duplicate Content-Length fields "03" and "3" were accepted as the same length;
    /// duplicates must now be identical.
    @Test func duplicateContentLengthsMustBeIdentical() {
        let differentlyWritten = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length:03\r\nContent-Length: 3\r\n\r\nabc"
        #expect(status(Array(differentlyWritten.utf8)) == 400)
        let identical = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"
        guard case .complete(let request, _) = parser.parse(Array(identical.utf8)) else {
            Issue.record("identical duplicates refused")
            return
        }
        #expect(request.bodyText == "abc")
    }
}
