import Testing
@testable import HTTPServer

/// The bytes of an encoded response: one buffer, lengths, connection headers, bodiless statuses.
@Suite struct ResponseEncoderTests {
    let date = Array("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n".utf8)

    func encode(_ response: HTTPResponse, keepAlive: Bool = true, version: HTTPVersion = .http1_1, isHead: Bool = false) -> String {
        var buffer: [UInt8] = []
        ResponseEncoder.encode(response, into: &buffer, keepAlive: keepAlive, version: version, isHead: isHead, date: date)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func headAndBodyInOneBuffer() {
        #expect(encode(.text("hola")) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\nhola")
    }

    @Test func headKeepsTheLengthButDropsTheBody() {
        #expect(encode(.text("hola"), isHead: true).hasSuffix("Content-Length: 4\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n"))
    }

    @Test func bodilessStatusesHaveNoLengthAndNoBody() {
        #expect(encode(HTTPResponse(status: .notModified, body: Array("x".utf8))) == "HTTP/1.1 304 Not Modified\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n")
        #expect(!encode(HTTPResponse(status: .noContent)).contains("Content-Length"))
    }

    @Test func connectionHeaders() {
        #expect(encode(.text(""), keepAlive: false).contains("\r\nConnection: close\r\n"))
        #expect(encode(.text(""), version: .http1_0).contains("\r\nConnection: keep-alive\r\n"))
        #expect(!encode(.text("")).contains("Connection"))
    }

    @Test func decimalLengths() {
        for length in [0, 9, 10, 99, 100, 4500, 1_048_576] {
            #expect(encode(HTTPResponse(body: [UInt8](repeating: 65, count: length))).contains("Content-Length: \(length)\r\n"))
        }
    }

    @Test func customReasonAndHeadersInOrder() {
        let response = HTTPResponse(status: HTTPStatus(code: 299, reason: "Fine"), headers: ["B": "2", "A": "1"])
        #expect(encode(response).hasPrefix("HTTP/1.1 299 Fine\r\nB: 2\r\nA: 1\r\n"))
    }
}
