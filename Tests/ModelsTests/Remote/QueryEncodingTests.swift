import Testing

@testable import Models

@Suite("QueryEncoding escapes every byte outside the unreserved set")
struct QueryEncodingTests {
    @Test(arguments: AnswerEscapes.cases + [
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
