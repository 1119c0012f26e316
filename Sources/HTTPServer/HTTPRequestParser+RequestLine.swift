/// The request line (RFC 9112 §3): `method SP request-target SP HTTP-version`, and the split of
/// the target into path and query.
extension HTTPRequestParser {
    /// The parts of a request line, before the header fields are read.
    struct RequestLine {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String
        var version: HTTPVersion
    }

    private static let httpSlash: [UInt8] = Array("HTTP/".utf8)

    /// Parses `method SP request-target SP HTTP-version` (without its CRLF).
    func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<RequestLine, HTTPParseError> {
        guard let firstSpace = HTTPBytes.firstIndex(of: .space, in: line, from: 0) else {
            return .failure(.badRequest("malformed request line"))
        }
        let methodToken = UnsafeBufferPointer(rebasing: line[0..<firstSpace])
        guard !methodToken.isEmpty, methodToken.allSatisfy(HTTPBytes.isTokenByte) else {
            return .failure(.badRequest("malformed method"))
        }
        let targetStart = firstSpace + 1
        guard let secondSpace = HTTPBytes.firstIndex(of: .space, in: line, from: targetStart) else {
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
            HTTPBytes.isDigit(versionBytes[5]), versionBytes[6] == .dot, HTTPBytes.isDigit(versionBytes[7])
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
    static func splitTarget(_ target: String, method: HTTPMethod) -> (String, String)? {
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
}
