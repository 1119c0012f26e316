import Testing
@testable import HTTPServer

/// `Accept-Encoding` as RFC 9110 §12.5.3 reads it: weights, `identity`, `*` and refusals.
@Suite struct AcceptEncodingTests {
    static let table: [(header: String?, gzip: Bool)] = [
        (nil, false),
        ("", false),
        ("gzip", true),
        ("GZIP", true),
        ("x-gzip", true),
        ("gzip, deflate, br, zstd", true),
        ("br, deflate", false),
        ("gzip;q=0", false),
        ("gzip; q=0.000", false),
        ("gzip;q=0.001", true),
        ("gzip;q=0.5", true),
        ("gzip;Q=1.000", true),
        ("gzip;q=0.5, identity", false),
        ("gzip;q=0.5, identity;q=0.5", true),
        ("gzip;q=0.8, identity;q=0.2", true),
        ("identity", false),
        ("identity;q=0", false),
        ("identity;q=0, gzip", true),
        ("*", true),
        ("*;q=0", false),
        ("*, gzip;q=0", false),
        ("*;q=0, gzip", true),
        ("*;q=0.3, identity", false),
        ("deflate, *;q=0.5", true),
        ("gzip;q=2", false),
        ("gzip;q=1.5", false),
        ("gzip;q=0.1234", false),
        ("gzip;q=", false),
        ("gzip;q=abc, identity", false),
        (" gzip ; q=0.9 , identity ; q=0.1 ", true),
        (",,gzip,,", true),
    ]

    @Test(arguments: table)
    func choosesGzipOnlyWhenAcceptedAndPreferred(header: String?, gzip: Bool) {
        let headers: HTTPHeaders = header.map { ["Accept-Encoding": $0] } ?? [:]
        #expect(AcceptEncoding.prefersGzip(headers) == gzip, "\(header ?? "(none)")")
    }

    @Test func readsEveryFieldLine() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept-Encoding", value: "identity;q=0.1")
        headers.add(name: "accept-encoding", value: "gzip")
        #expect(AcceptEncoding.prefersGzip(headers))
        headers.add(name: "Accept-Encoding", value: "x-gzip;q=0")
        #expect(AcceptEncoding.prefersGzip(headers), "the highest weight of gzip and x-gzip counts")
    }

    @Test func parsesWeightsInThousandths() throws {
        #expect(try #require(AcceptEncoding.parse("gzip;q=0.25")).weight == 250)
        #expect(try #require(AcceptEncoding.parse("br")).weight == 1000)
        #expect(AcceptEncoding.parse("  ") == nil)
        #expect(AcceptEncoding.parse("gzip;q=1.001") == nil)
    }
}
