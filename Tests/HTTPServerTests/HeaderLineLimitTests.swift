import Testing
@testable import HTTPServer

/// One header field line longer than `maxHeaderLineBytes` (8 KB, as nginx and Node) is refused
/// with 431 whatever the whole head's limit, and the answer does not depend on how the bytes
/// arrive (the fuzzer's rule: a prefix is `incomplete` or answered exactly as the whole).
@Suite struct HeaderLineLimitTests {
    func head(_ valueBytes: Int, name: String = "X-Big") -> [UInt8] {
        Array("GET / HTTP/1.1\r\nHost: h\r\n\(name): \(String(repeating: "v", count: valueBytes))\r\nAccept: */*\r\n\r\n".utf8)
    }

    func result(_ bytes: [UInt8], _ limits: HTTPRequestParser.Limits) -> HTTPRequestParser.Result {
        HTTPRequestParser(limits: limits).parse(bytes)
    }

    @Test func theLimitsAreNamedSettingsWithTheseDefaults() {
        let limits = HTTPRequestParser.Limits()
        #expect(limits.maxHeaderLineBytes == 8 * 1024)
        #expect(limits.maxHeadBytes == 80 * 1024)
        #expect(limits.maxHeaderFields == 100)
        #expect(limits.maxTargetBytes == 8 * 1024)
    }

    @Test(arguments: [80 * 1024, 1 << 20])
    func aLineOver8KBIsRefusedWhateverTheHeadLimit(maxHeadBytes: Int) {
        let limits = HTTPRequestParser.Limits(maxHeadBytes: maxHeadBytes)
        // "X-Big: " is 7 bytes: a value of 8185 bytes makes a line of exactly 8192.
        guard case .complete = result(head(8185), limits) else {
            Issue.record("a line of exactly 8 KB must pass")
            return
        }
        guard case .failure(let error) = result(head(8186), limits) else {
            Issue.record("a line of 8 KB + 1 must be refused")
            return
        }
        #expect(error == .headerFieldsTooLarge("a header field over 8192 bytes"))
        #expect(error.status.code == 431)
    }

    @Test func theLineLimitCanBeRaisedOrLowered() {
        guard case .complete = result(head(12_000), .init(maxHeaderLineBytes: 16 * 1024)) else {
            Issue.record("a 12 KB line passes a 16 KB limit")
            return
        }
        guard case .failure(.headerFieldsTooLarge("a header field over 100 bytes")) = result(head(94), .init(maxHeaderLineBytes: 100))
        else {
            Issue.record("a 101-byte line is refused by a 100-byte limit")
            return
        }
    }

    @Test func aLongLineIsRefusedBeforeItsEndArrives() {
        let partial = Array("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "v", count: 9000))".utf8)
        guard case .failure(let error) = result(partial, .init()) else {
            Issue.record("no need to wait for the end of a line already over the limit")
            return
        }
        #expect(error == .headerFieldsTooLarge("a header field over 8192 bytes"))
    }

    /// Every prefix of each input, under limits where the line limit or the head limit comes
    /// first, is `incomplete` or answered exactly as the whole.
    @Test(arguments: [
        HTTPRequestParser.Limits(maxHeadBytes: 300, maxHeaderLineBytes: 100),
        HTTPRequestParser.Limits(maxHeadBytes: 100, maxHeaderLineBytes: 300),
        HTTPRequestParser.Limits(maxHeadBytes: 150, maxHeaderLineBytes: 120),
    ])
    func theAnswerDoesNotDependOnHowTheBytesArrive(limits: HTTPRequestParser.Limits) {
        let inputs = [head(50), head(95), head(96), head(97), head(130), head(200), head(400),
                      Array("GET / HTTP/1.1\r\nHost: h\r\nA: \(String(repeating: "a", count: 60))\r\nB: \(String(repeating: "b", count: 110))\r\n\r\n".utf8)]
        // Collected, then expected once: an #expect per cut cost more than the parsing.
        var differences: [String] = []
        for input in inputs {
            let whole = describe(result(input, limits))
            for cut in 1..<input.count {
                let partial = describe(result(Array(input.prefix(cut)), limits))
                if partial != "incomplete" && partial != whole {
                    differences.append("cut at \(cut) of \(input.count): \(partial) vs \(whole)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    private func describe(_ result: HTTPRequestParser.Result) -> String {
        switch result {
        case .incomplete: "incomplete"
        case .failure(let error): "failure(\(error))"
        case .complete(_, let length): "complete(\(length))"
        }
    }
}
