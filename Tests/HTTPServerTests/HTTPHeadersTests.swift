import Testing
@testable import HTTPServer

/// Header lists: order, case-insensitive lookup, repeated fields, replacement.
@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "text/html", "X-A": "1"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers.contains("x-a"))
    }

    @Test func repeatedFieldsKeepTheirOrder() {
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
        headers.replaceOrAdd(name: "Set-Cookie", value: "c=3")
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers.remove(name: "SET-cookie")
        #expect(headers.count == 0)
    }
}
