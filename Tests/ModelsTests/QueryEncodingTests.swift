import Testing

@testable import Models

@Suite("QueryEncoding escapes every byte outside the unreserved set")
struct QueryEncodingTests {
    @Test(arguments: [
        ("a&b=c", "a%26b%3Dc"),
        ("50% off", "50%25%20off"),
        ("1+1", "1%2B1"),
        ("#1", "%231"),
        ("ñandú", "%C3%B1and%C3%BA"),
        ("  dos  espacios ", "%20%20dos%20%20espacios%20"),
        ("a/b?c:d@e;f,g", "a%2Fb%3Fc%3Ad%40e%3Bf%2Cg"),
        ("Azaz09-._~", "Azaz09-._~"),
        ("🙂", "%F0%9F%99%82"),
        ("", ""),
    ])
    func escapes(input: String, expected: String) {
        #expect(QueryEncoding.escape(input) == expected)
    }

    @Test func joinsNamesAndValues() {
        #expect(QueryEncoding.query([("answer", "1+1"), ("token", "a b")]) == "answer=1%2B1&token=a%20b")
    }
}
