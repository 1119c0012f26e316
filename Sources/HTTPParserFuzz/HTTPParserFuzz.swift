// `@testable` reaches the incremental chunked decoder the event loop uses (debug builds are
// compiled for testing, and the fuzzer is built in debug).
@testable import HTTPServer

/// libFuzzer calls this with each input (the name is libFuzzer's contract).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for parser in HTTPParserFuzz.parsers {
        HTTPParserFuzz(parser: parser, input: input).check()
    }
    return 0
}

/// The invariants checked for one input and one parser.
struct HTTPParserFuzz {
    static let parsers = [
        HTTPRequestParser(),
        HTTPRequestParser(limits: .init(maxHeadBytes: 512, maxHeaderFields: 8, maxTargetBytes: 64, maxBodyBytes: 256)),
    ]

    let parser: HTTPRequestParser
    let input: [UInt8]

    func check() {
        let whole = parser.parse(input)
        checkSegmentationIndependence(of: whole)
        checkIncrementalFeeding(matches: whole)
        // Pipelining: parse request after request, as a connection does.
        var offset = 0
        var requests = 0
        while offset < input.count, requests < 64 {
            let rest = Array(input[offset...])
            let result = offset == 0 ? whole : parser.parse(rest)
            guard case .complete(let request, let length) = result else { break }
            require(length > 0 && length <= rest.count, "consumed \(length) of \(rest.count) bytes")
            checkRequest(request, headBytes: rest[..<length])
            checkLongerInputAgrees(result, rest: rest)
            offset += length
            requests += 1
        }
    }

    /// Whatever the TCP segmentation, the server answers the same: a prefix of the input parses
    /// as `incomplete` or exactly as the whole input does.
    func checkSegmentationIndependence(of whole: HTTPRequestParser.Result) {
        let step = max(1, input.count / 32)
        var cut = 0
        while cut < input.count {
            let partial = parser.parse(Array(input[..<cut]))
            if case .incomplete = partial {} else {
                require(
                    Self.same(partial, whole),
                    "prefix of \(cut) bytes gives \(Self.describe(partial)), whole gives \(Self.describe(whole))")
            }
            cut += step
        }
    }

    /// The event loop's way: the head is parsed from a growing buffer, then a chunked body is
    /// decoded incrementally with its progress kept between reads. Fed in pieces, the first
    /// request comes out exactly as `parse` gives it in one go.
    func checkIncrementalFeeding(matches whole: HTTPRequestParser.Result) {
        let step = max(1, input.count / 16)
        var end = 0
        var head: (request: HTTPRequest, framing: HTTPRequestParser.BodyFraming, length: Int)?
        var progress = HTTPRequestParser.ChunkedProgress()
        while end < input.count {
            end = min(input.count, end + step)
            let outcome: HTTPRequestParser.Result? = input[..<end].withUnsafeBufferPointer { buffer in
                if head == nil {
                    switch parser.parseHead(buffer) {
                    case .incomplete: return nil
                    case .failure(let error): return .failure(error)
                    case .complete(let request, let framing, let length): head = (request, framing, length)
                    }
                }
                guard let head else { return nil }
                let rest = UnsafeBufferPointer(rebasing: buffer[head.length...])
                let body = head.framing == .chunked
                    ? parser.decodeChunked(rest, limit: parser.limits.maxBodyBytes, progress: &progress)
                    : parser.parseBody(rest, framing: head.framing, limit: parser.limits.maxBodyBytes)
                switch body {
                case .incomplete: return nil
                case .failure(let error): return .failure(error)
                case .complete(let bytes, let length):
                    var request = head.request
                    request.body = bytes
                    return .complete(request, length: head.length + length)
                }
            }
            if let outcome {
                require(Self.same(outcome, whole), "fed in pieces of \(step): \(Self.describe(outcome)), whole: \(Self.describe(whole))")
                return
            }
        }
        require(Self.same(.incomplete, whole), "fed in pieces of \(step): incomplete, whole: \(Self.describe(whole))")
    }

    /// A complete request keeps its meaning when more bytes follow it (the next pipelined request).
    func checkLongerInputAgrees(_ result: HTTPRequestParser.Result, rest: [UInt8]) {
        let longer = parser.parse(rest + Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        require(Self.same(result, longer), "appending bytes changed \(Self.describe(result)) into \(Self.describe(longer))")
    }

    func checkRequest(_ request: HTTPRequest, headBytes: ArraySlice<UInt8>) {
        let limits = parser.limits
        require(request.headers.count <= limits.maxHeaderFields, "\(request.headers.count) header fields")
        require(request.target.utf8.count <= limits.maxTargetBytes, "target of \(request.target.utf8.count) bytes")
        require(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes")
        require(headBytes.count - request.body.count >= 0, "body longer than the request")
        let contentLengths = request.headers.values(for: "Content-Length")
        let transferEncodings = request.headers.values(for: "Transfer-Encoding")
        require(contentLengths.isEmpty || transferEncodings.isEmpty, "both Content-Length and Transfer-Encoding")
        if let first = contentLengths.first {
            require(contentLengths.allSatisfy { $0 == first }, "conflicting Content-Length accepted")
            require(Int(first) == request.body.count, "body of \(request.body.count) bytes for Content-Length \(first)")
            require(first.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, "Content-Length \(first) not plain digits")
        }
        if !transferEncodings.isEmpty {
            require(request.version == .http1_1, "Transfer-Encoding in HTTP/1.0")
        }
        let hosts = request.headers.values(for: "Host")
        require(hosts.count <= 1, "duplicate Host accepted")
        if request.version == .http1_1 { require(hosts.count == 1, "HTTP/1.1 request without Host") }
        for (name, value) in request.headers {
            require(!name.isEmpty, "empty header name")
            require(!name.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: ":") || $0 >= 0x7F }, "bad header name \(name)")
            require(!value.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D }, "CR, LF or NUL in a header value")
            require(value.first != " " && value.last != " ", "value not trimmed")
        }
        require(request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "target with spaces or controls")
        require(request.path.hasPrefix("/") || request.path == "*", "path \(request.path) is not origin-form")
        require(!request.path.contains("?"), "query left in the path")
        let connectionOptions = request.headers.values(for: "Connection")
            .flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t").lowercased() }
        if connectionOptions.contains("close") { require(!request.keepAlive, "Connection: close ignored") }
        if request.version == .http1_0, !connectionOptions.contains("keep-alive") {
            require(!request.keepAlive, "HTTP/1.0 kept alive without asking")
        }
        // Query decoding must not trap on any input.
        _ = request.queryItems
    }

    static func same(_ lhs: HTTPRequestParser.Result, _ rhs: HTTPRequestParser.Result) -> Bool {
        switch (lhs, rhs) {
        case (.incomplete, .incomplete): true
        case (.failure(let left), .failure(let right)): left == right
        case (.complete(let left, let leftLength), .complete(let right, let rightLength)):
            leftLength == rightLength && left.target == right.target && left.method == right.method
                && left.body == right.body && left.keepAlive == right.keepAlive
                && left.headers.fields.elementsEqual(right.headers.fields) { $0 == $1 }
        default: false
        }
    }

    static func describe(_ result: HTTPRequestParser.Result) -> String {
        switch result {
        case .incomplete: "incomplete"
        case .failure(let error): "failure(\(error))"
        case .complete(let request, let length): "complete(\(request.method) \(request.target), \(length) bytes)"
        }
    }

    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            let text = String(decoding: input.prefix(300), as: UTF8.self).debugDescription
            fatalError("invariant broken: \(message()) — input \(text)")
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return result
    }
}
