import Glibc

/// The HTTP/1.1 request parser (RFC 9112): a pure function from bytes to a request, "need more
/// bytes", or the error to answer with. It never touches a socket, so it is unit-tested and fuzzed
/// on plain byte arrays.
///
/// A connection calls `parseHead` on the bytes it has buffered, looks up the route to learn the
/// body limit, then calls `parseBody` on the bytes after the head.
public struct HTTPRequestParser: Sendable {
    /// Size limits; the defaults follow Hummingbird's numbers, and nginx's and Node's for one
    /// header line.
    public struct Limits: Sendable, Equatable {
        /// Request line plus header fields, in bytes.
        public var maxHeadBytes: Int
        /// Number of header fields.
        public var maxHeaderFields: Int
        /// One header field line (`Name: value`, without its CRLF), in bytes: a longer one is
        /// refused (431) whatever `maxHeadBytes` allows.
        public var maxHeaderLineBytes: Int
        /// Length of the request target.
        public var maxTargetBytes: Int
        /// Body size used by `parse(_:)` when no route-specific limit applies.
        public var maxBodyBytes: Int

        /// Makes limits; every argument has a sensible default.
        public init(
            maxHeadBytes: Int = 80 * 1024, maxHeaderFields: Int = 100, maxHeaderLineBytes: Int = 8 * 1024,
            maxTargetBytes: Int = 8 * 1024, maxBodyBytes: Int = 1 << 20
        ) {
            self.maxHeadBytes = maxHeadBytes
            self.maxHeaderFields = maxHeaderFields
            self.maxHeaderLineBytes = maxHeaderLineBytes
            self.maxTargetBytes = maxTargetBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// How the body after the head is delimited.
    public enum BodyFraming: Sendable, Equatable {
        case none
        case contentLength(Int)
        case chunked
    }

    /// The outcome of `parseHead`.
    public enum HeadResult: Sendable {
        case incomplete
        /// A valid head of `headLength` bytes; the request's body is still empty.
        case complete(HTTPRequest, framing: BodyFraming, headLength: Int)
        case failure(HTTPParseError)
    }

    /// The outcome of `parseBody`.
    public enum BodyResult: Sendable {
        case incomplete
        /// The decoded body and how many input bytes it took on the wire.
        case complete(body: [UInt8], length: Int)
        case failure(HTTPParseError)
    }

    /// The outcome of `parse`.
    public enum Result: Sendable {
        case incomplete
        /// A whole request that took `length` bytes of input.
        case complete(HTTPRequest, length: Int)
        case failure(HTTPParseError)
    }

    /// The limits this parser enforces.
    public let limits: Limits

    /// Makes a parser with the given limits.
    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Parses one whole request (head and body) from the start of `bytes`.
    public func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            switch parseHead(buffer) {
            case .incomplete: return .incomplete
            case .failure(let error): return .failure(error)
            case .complete(var request, let framing, let headLength):
                let rest = UnsafeBufferPointer(rebasing: buffer[headLength...])
                switch parseBody(rest, framing: framing, limit: limits.maxBodyBytes) {
                case .incomplete: return .incomplete
                case .failure(let error): return .failure(error)
                case .complete(let body, let length):
                    request.body = body
                    return .complete(request, length: headLength + length)
                }
            }
        }
    }

    // MARK: - Head

    /// Parses the request line and header fields at the start of `bytes`.
    public func parseHead(_ bytes: UnsafeBufferPointer<UInt8>) -> HeadResult {
        var position = 0
        // RFC 9112 §2.2: ignore empty lines before the request line.
        while position < bytes.count, bytes[position] == .cr || bytes[position] == .lf {
            if position >= 64 { return .failure(.badRequest("too many empty lines")) }
            if bytes[position] == .lf { position += 1; continue }
            guard position + 1 < bytes.count else { return .incomplete }
            guard bytes[position + 1] == .lf else { return .failure(.badRequest("bare CR")) }
            position += 2
        }
        let lineStart = position
        guard let lineFeed = Self.index(of: .lf, in: bytes, from: lineStart) else {
            if bytes.count - lineStart > limits.maxTargetBytes + 64 { return .failure(.uriTooLong) }
            return bytes.count > limits.maxHeadBytes
                ? .failure(.headerFieldsTooLarge("request head over \(limits.maxHeadBytes) bytes"))
                : .incomplete
        }
        // The same line-length rule as above once the line is complete, so that the answer does
        // not depend on how the bytes were split into reads (found by the fuzzer).
        if lineFeed - lineStart > limits.maxTargetBytes + 64 { return .failure(.uriTooLong) }
        guard lineFeed > lineStart, bytes[lineFeed - 1] == .cr else {
            return .failure(.badRequest("request line not ended by CRLF"))
        }
        let requestLine: RequestLine
        switch parseRequestLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<(lineFeed - 1)])) {
        case .success(let line): requestLine = line
        case .failure(let error): return .failure(error)
        }

        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(16)
        position = lineFeed + 1
        while true {
            guard let end = Self.index(of: .lf, in: bytes, from: position) else {
                return headerSizeRefusal(lineStart: position, lineEnd: nil, available: bytes.count) ?? .incomplete
            }
            if let refusal = headerSizeRefusal(lineStart: position, lineEnd: end, available: bytes.count) {
                return refusal
            }
            guard end > position, bytes[end - 1] == .cr else {
                return .failure(.badRequest("header line not ended by CRLF"))
            }
            if end - 1 == position {
                position = end + 1
                break
            }
            if headers.count == limits.maxHeaderFields {
                return .failure(.headerFieldsTooLarge("more than \(limits.maxHeaderFields) fields"))
            }
            switch Self.parseField(UnsafeBufferPointer(rebasing: bytes[position..<(end - 1)])) {
            case .success(let field): headers.append(field)
            case .failure(let error): return .failure(error)
            }
            position = end + 1
        }

        return finishHead(requestLine, headers: HTTPHeaders(headers), headLength: position)
    }

    /// The refusal of a head whose header line starting at `lineStart` (ended by the line feed at
    /// `lineEnd`, or not yet ended when nil, with `available` bytes arrived) is over the line limit
    /// or takes the head over its limit; nil when neither is. Whichever limit the earliest byte
    /// breaks wins (the head's on a tie), and a line not yet ended counts only once it is over the
    /// limit for sure: so a prefix of a head gets the same answer as the whole, or `incomplete`.
    private func headerSizeRefusal(lineStart: Int, lineEnd: Int?, available: Int) -> HeadResult? {
        let lineOver: Bool
        let headOver: Bool
        if let lineEnd {
            lineOver = lineEnd - lineStart - 1 > limits.maxHeaderLineBytes  // the CR not counted
            headOver = lineEnd + 1 > limits.maxHeadBytes
        } else {
            lineOver = available - lineStart >= limits.maxHeaderLineBytes + 2
            headOver = available > limits.maxHeadBytes
        }
        let lineBreaksAt = lineOver ? lineStart + limits.maxHeaderLineBytes : Int.max
        let headBreaksAt = headOver ? limits.maxHeadBytes : Int.max
        if headOver && headBreaksAt <= lineBreaksAt {
            return .failure(.headerFieldsTooLarge("request head over \(limits.maxHeadBytes) bytes"))
        }
        if lineOver {
            return .failure(.headerFieldsTooLarge("a header field over \(limits.maxHeaderLineBytes) bytes"))
        }
        return nil
    }

    /// The path of the request line at the start of `bytes`, read leniently and only as far as
    /// it arrived (at most `maxTargetBytes` of target): it names a request whose head was refused,
    /// so that the error can be worded for it. Nil when no target has started.
    func refusedRequestPath(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var position = 0
        while position < bytes.count, bytes[position] == .cr || bytes[position] == .lf { position += 1 }
        while position < bytes.count, Self.isTokenByte(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == .space else { return nil }
        let targetStart = position + 1
        var targetEnd = targetStart
        let targetLimit = min(bytes.count, targetStart + limits.maxTargetBytes)
        while targetEnd < targetLimit, bytes[targetEnd] > 0x20 && bytes[targetEnd] < 0x7F { targetEnd += 1 }
        guard targetEnd > targetStart else { return nil }
        let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[targetStart..<targetEnd]), as: UTF8.self)
        return Self.splitTarget(target, method: .get)?.0
    }

    private struct RequestLine {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String
        var version: HTTPVersion
    }

    private func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<RequestLine, HTTPParseError> {
        guard let firstSpace = Self.index(of: .space, in: line, from: 0) else {
            return .failure(.badRequest("malformed request line"))
        }
        let methodToken = UnsafeBufferPointer(rebasing: line[0..<firstSpace])
        guard !methodToken.isEmpty, methodToken.allSatisfy(Self.isTokenByte) else {
            return .failure(.badRequest("malformed method"))
        }
        let targetStart = firstSpace + 1
        guard let secondSpace = Self.index(of: .space, in: line, from: targetStart) else {
            if line.count - targetStart > limits.maxTargetBytes { return .failure(.uriTooLong) }
            return .failure(.badRequest("malformed request line"))
        }
        let targetBytes = UnsafeBufferPointer(rebasing: line[targetStart..<secondSpace])
        if targetBytes.count > limits.maxTargetBytes { return .failure(.uriTooLong) }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.badRequest("malformed request target"))
        }
        let versionBytes = UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...])
        guard versionBytes.count == 8, versionBytes.starts(with: Self.httpSlash),
            Self.isDigit(versionBytes[5]), versionBytes[6] == .dot, Self.isDigit(versionBytes[7])
        else {
            return .failure(.badRequest("malformed HTTP version"))
        }
        guard versionBytes[5] == UInt8(ascii: "1") else { return .failure(.versionNotSupported) }
        let version: HTTPVersion = versionBytes[7] == UInt8(ascii: "0") ? .http1_0 : .http1_1
        guard let method = HTTPMethod.recognise(methodToken) else {
            return .failure(.notImplemented("method \(String(decoding: methodToken, as: UTF8.self))"))
        }
        let target = String(decoding: targetBytes, as: UTF8.self)
        guard let (path, query) = Self.splitTarget(target, method: method) else {
            return .failure(.badRequest("malformed request target"))
        }
        return .success(RequestLine(method: method, target: target, path: path, query: query, version: version))
    }

    /// Splits origin-form (`/p?q`), absolute-form (`http://h/p?q`) and asterisk-form targets.
    private static func splitTarget(_ target: String, method: HTTPMethod) -> (String, String)? {
        var rest = Substring(target)
        if target == "*" { return method == .options ? ("*", "") : nil }
        if !rest.hasPrefix("/") {
            let lower = rest.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
                let schemeEnd = rest.range(of: "://")
            else { return nil }
            let afterScheme = rest[schemeEnd.upperBound...]
            guard let pathStart = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
                return ("/", "")
            }
            rest = afterScheme[pathStart...]
            if rest.hasPrefix("?") { return ("/", String(rest.dropFirst())) }
        }
        if let mark = rest.firstIndex(of: "?") {
            return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
        }
        return (String(rest), "")
    }

    private static func parseField(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<(name: String, value: String), HTTPParseError> {
        if line[0] == .space || line[0] == .tab {
            return .failure(.badRequest("obsolete line folding"))
        }
        guard let colon = index(of: .colon, in: line, from: 0) else {
            return .failure(.badRequest("header field without a colon"))
        }
        let name = UnsafeBufferPointer(rebasing: line[0..<colon])
        guard !name.isEmpty else { return .failure(.badRequest("empty header name")) }
        for byte in name where !isTokenByte(byte) {
            if byte == .space || byte == .tab {
                return .failure(.badRequest("whitespace before the colon"))
            }
            return .failure(.badRequest("invalid character in header name"))
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == .space || line[start] == .tab { start += 1 }
        while end > start, line[end - 1] == .space || line[end - 1] == .tab { end -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[start..<end])
        for byte in value where (byte < 0x20 && byte != .tab) || byte == 0x7F {
            switch byte {
            case 0: return .failure(.badRequest("NUL in header value"))
            case .cr, .lf: return .failure(.badRequest("CR or LF in header value"))
            default: return .failure(.badRequest("control character in header value"))
            }
        }
        return .success((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    /// Applies the semantic rules: Host, Content-Length, Transfer-Encoding, Connection, Expect.
    private func finishHead(_ line: RequestLine, headers: HTTPHeaders, headLength: Int) -> HeadResult {
        var hostCount = 0
        var contentLength: Int?
        var contentLengthText: String?
        var transferCodings: [Substring] = []
        var sawTransferEncoding = false
        var closeRequested = false
        var keepAliveRequested = false
        var expectsContinue = false
        for (name, value) in headers.fields {
            switch name.utf8.count {
            case 4 where HTTPHeaders.namesEqual(name, "Host"):
                hostCount += 1
                guard value.utf8.allSatisfy(Self.isHostByte) else {
                    return .failure(.badRequest("invalid Host"))
                }
            case 14 where HTTPHeaders.namesEqual(name, "Content-Length"):
                guard let length = Self.parseContentLength(value) else {
                    return .failure(.badRequest("invalid Content-Length"))
                }
                // Duplicates must be byte-identical: "03" and "3" agree only for some readers
                // (found by the fuzzer).
                if let earlier = contentLengthText, earlier != value {
                    return .failure(.badRequest("conflicting Content-Length"))
                }
                contentLength = length
                contentLengthText = value
            case 17 where HTTPHeaders.namesEqual(name, "Transfer-Encoding"):
                sawTransferEncoding = true
                transferCodings += value.split(separator: ",").map { $0.trimmingWhitespace() }
                    .filter { !$0.isEmpty }
            case 10 where HTTPHeaders.namesEqual(name, "Connection"):
                for option in value.split(separator: ",") {
                    let token = option.trimmingWhitespace()
                    if token.caseInsensitiveEquals("close") { closeRequested = true }
                    if token.caseInsensitiveEquals("keep-alive") { keepAliveRequested = true }
                }
            case 6 where HTTPHeaders.namesEqual(name, "Expect"):
                guard Substring(value).trimmingWhitespace().caseInsensitiveEquals("100-continue") else {
                    return .failure(.expectationFailed)
                }
                expectsContinue = true
            default:
                break
            }
        }
        if hostCount > 1 { return .failure(.badRequest("duplicate Host")) }
        if hostCount == 0 && line.version == .http1_1 { return .failure(.badRequest("missing Host")) }

        var framing = BodyFraming.none
        if sawTransferEncoding {
            if contentLength != nil {
                return .failure(.badRequest("both Content-Length and Transfer-Encoding"))
            }
            if line.version == .http1_0 {
                return .failure(.badRequest("Transfer-Encoding in an HTTP/1.0 request"))
            }
            guard let last = transferCodings.last, last.caseInsensitiveEquals("chunked") else {
                return .failure(.badRequest("final transfer coding is not chunked"))
            }
            for coding in transferCodings.dropLast() {
                if coding.caseInsensitiveEquals("chunked") {
                    return .failure(.badRequest("chunked applied twice"))
                }
                return .failure(.notImplemented("transfer coding \(coding)"))
            }
            framing = .chunked
        } else if let contentLength, contentLength > 0 {
            framing = .contentLength(contentLength)
        }

        let keepAlive = line.version == .http1_1 ? !closeRequested : keepAliveRequested && !closeRequested
        let request = HTTPRequest(
            method: line.method, target: line.target, path: line.path, queryString: line.query,
            version: line.version, headers: headers, body: [], keepAlive: keepAlive,
            expectsContinue: expectsContinue && framing != .none)
        return .complete(request, framing: framing, headLength: headLength)
    }

    /// Plain decimal digits only, without sign, spaces or overflow.
    static func parseContentLength(_ value: String) -> Int? {
        guard !value.isEmpty, value.utf8.count <= 18 else { return nil }
        var result = 0
        for byte in value.utf8 {
            guard isDigit(byte) else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return result
    }

    // MARK: - Body

    /// Decodes the body that follows a head, delimited by `framing`, refusing more than `limit`
    /// decoded bytes with 413 as soon as that is known.
    public func parseBody(_ bytes: UnsafeBufferPointer<UInt8>, framing: BodyFraming, limit: Int) -> BodyResult {
        switch framing {
        case .none:
            return .complete(body: [], length: 0)
        case .contentLength(let length):
            if length > limit { return .failure(.contentTooLarge) }
            if bytes.count < length { return .incomplete }
            return .complete(body: Array(UnsafeBufferPointer(rebasing: bytes[0..<length])), length: length)
        case .chunked:
            return parseChunked(bytes, limit: limit)
        }
    }

    private func parseChunked(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> BodyResult {
        var progress = ChunkedProgress()
        return decodeChunked(bytes, limit: limit, progress: &progress)
    }

    /// Where an unfinished chunked body stands: the decoded bytes so far and the input offset of
    /// the first chunk not yet decoded. Keeping it between reads makes decoding linear however
    /// the body is split.
    struct ChunkedProgress {
        var body: [UInt8] = []
        var position = 0
    }

    /// Decodes whole chunks from `progress.position` on, appending them to `progress.body`.
    func decodeChunked(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, progress: inout ChunkedProgress) -> BodyResult {
        while true {
            let position = progress.position
            guard let lineFeed = Self.index(of: .lf, in: bytes, from: position) else {
                return bytes.count - position > 4096
                    ? .failure(.badRequest("chunk size line too long")) : .incomplete
            }
            guard lineFeed > position, bytes[lineFeed - 1] == .cr else {
                return .failure(.badRequest("chunk size line not ended by CRLF"))
            }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<(lineFeed - 1)])
            guard let size = Self.parseChunkSize(line) else {
                return .failure(.badRequest("invalid chunk size"))
            }
            if size > limit - progress.body.count { return .failure(.contentTooLarge) }
            let dataStart = lineFeed + 1
            if size == 0 {
                return parseTrailers(bytes, from: dataStart, body: progress.body)
            }
            guard bytes.count >= dataStart + size + 2 else { return .incomplete }
            guard bytes[dataStart + size] == .cr, bytes[dataStart + size + 1] == .lf else {
                return .failure(.badRequest("chunk data not followed by CRLF"))
            }
            progress.body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[dataStart..<(dataStart + size)]))
            progress.position = dataStart + size + 2
        }
    }

    /// Hex digits, then optional whitespace and `;extensions` (checked for control bytes, ignored).
    private static func parseChunkSize(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var size = 0
        var index = 0
        while index < line.count, let digit = hexValue(line[index]) {
            guard index < 15 else { return nil }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count, line[index] == .space || line[index] == .tab { index += 1 }
        if index < line.count {
            guard line[index] == UInt8(ascii: ";") else { return nil }
            for byte in line[index...] where (byte < 0x20 && byte != .tab) || byte == 0x7F { return nil }
        }
        return size
    }

    private func parseTrailers(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, body: [UInt8]) -> BodyResult {
        var position = start
        var fields = 0
        while true {
            guard let lineFeed = Self.index(of: .lf, in: bytes, from: position) else {
                return bytes.count - start > limits.maxHeadBytes
                    ? .failure(.headerFieldsTooLarge("trailer section too large")) : .incomplete
            }
            guard lineFeed > position, bytes[lineFeed - 1] == .cr else {
                return .failure(.badRequest("trailer line not ended by CRLF"))
            }
            if lineFeed - 1 == position { return .complete(body: body, length: lineFeed + 1) }
            fields += 1
            if fields > limits.maxHeaderFields || lineFeed - start > limits.maxHeadBytes {
                return .failure(.headerFieldsTooLarge("trailer section too large"))
            }
            if case .failure(let error) = Self.parseField(UnsafeBufferPointer(rebasing: bytes[position..<(lineFeed - 1)])) {
                return .failure(error)
            }
            position = lineFeed + 1
        }
    }

    // MARK: - Bytes

    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static let httpSlash: [UInt8] = Array("HTTP/".utf8)

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Characters of `uri-host [ ":" port ]`, including IPv6 literals and percent-encoding.
    static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }
}

extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let dot = UInt8(ascii: ".")
}

extension Substring {
    /// Drops leading and trailing spaces and tabs (HTTP's OWS).
    func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }

    /// ASCII case-insensitive equality with a lowercase literal.
    func caseInsensitiveEquals(_ lowercase: String) -> Bool {
        guard utf8.count == lowercase.utf8.count else { return false }
        return zip(utf8, lowercase.utf8).allSatisfy { HTTPHeaders.asciiLower($0) == $1 }
    }
}
