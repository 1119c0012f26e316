
/// The HTTP/1.1 request parser (RFC 9112): a pure function from bytes to a request, "need more
/// bytes", or the error to answer with. It never touches a socket, so it is unit-tested and fuzzed
/// on plain byte arrays.
///
/// A connection calls `parseHead` on the bytes it has buffered, looks up the route to learn the
/// body limit, then calls `parseBody` on the bytes after the head (or, for a chunked body that
/// arrives over several reads, `decodeChunked` with the progress kept between them).
///
/// The parser is spread over files of one job each: this one (the results, the head's framing
/// and size limits, the body), `+RequestLine` (method, target, version), `+HeaderFields` (one
/// field line, and the rules on Host, Content-Length, Transfer-Encoding, Connection, Expect),
/// `+Chunked` (the chunked body and its trailers); `HTTPBytes` holds the byte classes they share.
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
        /// The bytes the server may buffer at once for request bodies still arriving, over all
        /// its connections (each body counts its declared length, or its limit when chunked, from
        /// its head on): a body that would pass it is refused with 503 and `Retry-After`.
        public var maxBufferedBodyBytes: Int

        /// Makes limits; every argument has a sensible default.
        public init(
            maxHeadBytes: Int = 80 * 1024, maxHeaderFields: Int = 100, maxHeaderLineBytes: Int = 8 * 1024,
            maxTargetBytes: Int = 8 * 1024, maxBodyBytes: Int = 1 << 20, maxBufferedBodyBytes: Int = 64 << 20
        ) {
            self.maxBufferedBodyBytes = maxBufferedBodyBytes
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
        guard let lineFeed = HTTPBytes.firstIndex(of: .lf, in: bytes, from: lineStart) else {
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
            guard let end = HTTPBytes.firstIndex(of: .lf, in: bytes, from: position) else {
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
        while position < bytes.count, HTTPBytes.isTokenByte(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == .space else { return nil }
        let targetStart = position + 1
        var targetEnd = targetStart
        let targetLimit = min(bytes.count, targetStart + limits.maxTargetBytes)
        while targetEnd < targetLimit, bytes[targetEnd] > 0x20 && bytes[targetEnd] < 0x7F { targetEnd += 1 }
        guard targetEnd > targetStart else { return nil }
        let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[targetStart..<targetEnd]), as: UTF8.self)
        return Self.splitTarget(target, method: .get)?.0
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
}
