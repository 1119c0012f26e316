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
}
