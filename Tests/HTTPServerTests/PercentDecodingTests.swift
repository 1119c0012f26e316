import Testing
@testable import HTTPServer

/// Percent-decoding of paths and query items, and `HTTPRequest.queryItems`.
@Suite struct PercentDecodingTests {
    @Test func decodesEscapesOnce() {
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
        #expect(PercentDecoding.decode("%25%32%65") == "%2e")
        #expect(PercentDecoding.decode("plain") == "plain")
    }

    @Test func rejectsMalformedEscapesAndInvalidUTF8() {
        #expect(PercentDecoding.decode("%") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("%FF") == nil)
    }

    @Test func queryComponentsTreatPlusAsSpace() {
        #expect(PercentDecoding.decodeQueryComponent("a+b%2Bc") == "a b+c")
        #expect(PercentDecoding.decodeQueryComponent("100%") == "100%", "a malformed escape is kept as it is")
    }

    @Test func queryItemsKeepOrderAndEmptyValues() {
        let request = HTTPRequest(method: .get, target: "/p?token=abc&answer=S%C3%AD+claro&flag&answer=2&=x")
        #expect(request.queryItems.map(\.name) == ["token", "answer", "flag", "answer", ""])
        #expect(request.queryItems.map(\.value) == ["abc", "Sí claro", "", "2", "x"])
        #expect(request.query("answer") == "Sí claro")
        #expect(request.query("missing") == nil)
        #expect(HTTPRequest(method: .get, target: "/p").queryItems.isEmpty)
    }
}
