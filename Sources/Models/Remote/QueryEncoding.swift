/// Percent-encoding of URL query components with a strict allowed set.
///
/// Only RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`) stay as they are; every other
/// UTF-8 byte becomes `%XX`. `URLComponents` would leave `+` (read as a space by most servers),
/// `/`, `?`, `:` and `@` alone, so an answer like `1+1` would reach the server as `1 1`.
public enum QueryEncoding {
    /// Encodes one query name or value.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%"
                escaped.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                escaped.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return escaped
    }

    /// Builds `name=value&name=value`, escaping each name and value.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
