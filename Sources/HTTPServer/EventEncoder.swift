/// Encodes server-sent events (WHATWG HTML §9.2): `id:`, `event:`, then one `data:` line per
/// line of the payload (CRLF, LF and CR all end a line), then a blank line.
enum EventEncoder {
    /// `id` nil: an event without an `id:` field, which leaves the client's last event id as it
    /// was (a farewell that is no topic's).
    static func encode(id: UInt64?, event: String, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + event.utf8.count + 40)
        if let id { bytes.append(contentsOf: "id: \(id)\n".utf8) }
        let name = event.utf8.filter { $0 != .cr && $0 != .lf }
        if !name.isEmpty {
            bytes.append(contentsOf: "event: ".utf8)
            bytes.append(contentsOf: name)
            bytes.append(.lf)
        }
        let prefix: [UInt8] = Array("data: ".utf8)
        bytes.append(contentsOf: prefix)
        var index = 0
        while index < data.count {
            let byte = data[index]
            if byte == .cr || byte == .lf {
                if byte == .cr && index + 1 < data.count && data[index + 1] == .lf { index += 1 }
                bytes.append(.lf)
                bytes.append(contentsOf: prefix)
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        bytes.append(.lf)
        bytes.append(.lf)
        return bytes
    }

    /// The `retry:` field telling the browser how long to wait before reconnecting.
    static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }
}
