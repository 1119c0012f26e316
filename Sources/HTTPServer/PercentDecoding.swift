/// Percent-decoding of URL paths and query components (RFC 3986), exactly once.
enum PercentDecoding {
    /// Decodes `%XX` escapes; nil when an escape is malformed or the result is not UTF-8.
    static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(HTTPBytes.hexValue),
                let low = iterator.next().flatMap(HTTPBytes.hexValue)
            else { return nil }
            bytes.append(UInt8(high << 4 | low))
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes a query name or value: `+` is a space, then `%XX` escapes; keeps the text as it
    /// is when an escape is malformed.
    static func decodeQueryComponent(_ text: Substring) -> String {
        let spaced = text.contains("+") ? Substring(text.replacingOccurrences(of: "+", with: " ")) : text
        return decode(spaced) ?? String(spaced)
    }
}

private extension Substring {
    func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
