/// The header fields (RFC 9112 §5): one field line at a time, then the rules that decide the
/// body's framing and the connection's fate (Host, Content-Length, Transfer-Encoding,
/// Connection, Expect).
extension HTTPRequestParser {
    /// Parses one `name: value` line (without its CRLF) of the head or the trailers.
    static func parseField(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<(name: String, value: String), HTTPParseError> {
        if line[0] == .space || line[0] == .tab {
            return .failure(.badRequest("obsolete line folding"))
        }
        guard let colon = HTTPBytes.firstIndex(of: .colon, in: line, from: 0) else {
            return .failure(.badRequest("header field without a colon"))
        }
        let name = UnsafeBufferPointer(rebasing: line[0..<colon])
        guard !name.isEmpty else { return .failure(.badRequest("empty header name")) }
        for byte in name where !HTTPBytes.isTokenByte(byte) {
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
    func finishHead(_ line: RequestLine, headers: HTTPHeaders, headLength: Int) -> HeadResult {
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
                guard value.utf8.allSatisfy(HTTPBytes.isHostByte) else {
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
            guard HTTPBytes.isDigit(byte) else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return result
    }
}
