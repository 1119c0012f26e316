import Foundation

/// One parsed request: method, target, headers, body, and the route parameters the router found.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The request target exactly as sent (still percent-encoded).
    public var target: String
    /// The path part of the target, still percent-encoded.
    public var path: String
    /// The query part of the target without the `?`, still encoded ("" when absent).
    public var queryString: String
    /// The protocol version of the request.
    public var version: HTTPVersion
    /// The header fields in the order received.
    public var headers: HTTPHeaders
    /// The body, already de-chunked.
    public var body: [UInt8]
    /// Values of the route pattern's `:name` segments, percent-decoded.
    public var parameters: [String: String] = [:]
    /// The IP address of the peer that sent the request, as text ("127.0.0.1", "::1"); ""
    /// for a request made by hand. Behind a reverse proxy this is the proxy's (see
    /// `RequestResolver` for `X-Forwarded-For`).
    public var clientAddress = ""
    /// Whether the client wants the connection kept open after the response.
    public var keepAlive: Bool
    /// Whether the client waits for `100 Continue` before sending its body.
    var expectsContinue: Bool

    /// Makes a request by hand, e.g. to call a handler in a test without a socket.
    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:], body: [UInt8] = []
    ) {
        let mark = target.firstIndex(of: "?")
        self.init(
            method: method, target: target, path: String(target[..<(mark ?? target.endIndex)]),
            queryString: mark.map { String(target[target.index(after: $0)...]) } ?? "",
            version: version, headers: headers, body: body, keepAlive: true, expectsContinue: false)
    }

    init(
        method: HTTPMethod, target: String, path: String, queryString: String, version: HTTPVersion,
        headers: HTTPHeaders, body: [UInt8], keepAlive: Bool, expectsContinue: Bool
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.queryString = queryString
        self.version = version
        self.headers = headers
        self.body = body
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
    }

    /// The query items, decoded (`%XX` and `+` as space), in order. Malformed escapes are kept
    /// literally rather than dropping the item.
    public var queryItems: [(name: String, value: String)] {
        guard !queryString.isEmpty else { return [] }
        return queryString.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decodeQueryComponent(parts[0])
            let value = parts.count > 1 ? PercentDecoding.decodeQueryComponent(parts[1]) : ""
            return (name: name, value: value)
        }
    }

    /// The first decoded value of the query item `name`, or nil.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the JSON body; a body that does not decode throws `HTTPError` 400.
    public func decodeJSON<Value: Decodable>(
        _ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(body))
        } catch {
            throw HTTPError(.badRequest, message: "invalid JSON body")
        }
    }
}
