/// Writes a response's status line, headers and body into one buffer, so they leave in one write.
enum ResponseEncoder {
    /// Appends the encoded `response` to `buffer`. `date` is the cached `Date: …\r\n` line.
    /// Returns the number of body bytes written.
    @discardableResult
    static func encode(
        _ response: HTTPResponse, into buffer: inout [UInt8], keepAlive: Bool, version: HTTPVersion,
        isHead: Bool, date: [UInt8]
    ) -> Int {
        let code = response.status.code
        let bodyAllowed = !(code < 200 || code == 204 || code == 304)
        let sendBody = bodyAllowed && !isHead
        buffer.reserveCapacity(buffer.count + 256 + (sendBody ? response.body.count : 0))
        appendStatusLine(response.status, to: &buffer)
        for field in response.headers.fields where !isFramingHeader(field.name) {
            buffer.append(contentsOf: field.name.utf8)
            buffer.append(.colon)
            buffer.append(.space)
            buffer.append(contentsOf: field.value.utf8)
            buffer.append(.cr)
            buffer.append(.lf)
        }
        buffer.append(contentsOf: response.encodedHeaders)
        if bodyAllowed {
            buffer.append(contentsOf: contentLengthPrefix)
            appendDecimal(response.body.count, to: &buffer)
            buffer.append(.cr)
            buffer.append(.lf)
        }
        if !keepAlive {
            buffer.append(contentsOf: connectionClose)
        } else if version == .http1_0 {
            buffer.append(contentsOf: connectionKeepAlive)
        }
        buffer.append(contentsOf: date)
        buffer.append(.cr)
        buffer.append(.lf)
        if sendBody { buffer.append(contentsOf: response.body) }
        return sendBody ? response.body.count : 0
    }

    /// Appends the head of an event-stream response (no length: the stream ends with the
    /// connection).
    static func encodeEventStreamHead(_ response: HTTPResponse, into buffer: inout [UInt8], date: [UInt8]) {
        appendStatusLine(response.status, to: &buffer)
        for field in response.headers.fields where !isFramingHeader(field.name) {
            buffer.append(contentsOf: "\(field.name): \(field.value)\r\n".utf8)
        }
        buffer.append(contentsOf: date)
        buffer.append(.cr)
        buffer.append(.lf)
    }

    /// Headers the server writes itself; a handler's copies would contradict the framing.
    static func isFramingHeader(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: HTTPHeaders.namesEqual(name, "Date")
        case 10: HTTPHeaders.namesEqual(name, "Connection")
        case 14: HTTPHeaders.namesEqual(name, "Content-Length")
        case 17: HTTPHeaders.namesEqual(name, "Transfer-Encoding")
        default: false
        }
    }

    static func appendStatusLine(_ status: HTTPStatus, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: http11)
        appendDecimal(status.code, to: &buffer)
        buffer.append(.space)
        buffer.append(contentsOf: status.reason.utf8)
        buffer.append(.cr)
        buffer.append(.lf)
    }

    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            while rest > 0 {
                raw[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            buffer.append(contentsOf: raw[(20 - count)...])
        }
    }

    private static let http11: [UInt8] = Array("HTTP/1.1 ".utf8)
    private static let contentLengthPrefix: [UInt8] = Array("Content-Length: ".utf8)
    private static let connectionClose: [UInt8] = Array("Connection: close\r\n".utf8)
    private static let connectionKeepAlive: [UInt8] = Array("Connection: keep-alive\r\n".utf8)
}
