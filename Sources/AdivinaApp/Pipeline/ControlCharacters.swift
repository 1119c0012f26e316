import HTTPServer
import Models

/// The rule on what a teacher or a student may type: no control character but tab and newline
/// (a NUL would cut the text where SQLite or a C string reads it, others hide text or break a
/// line in a file). Every API request is checked before its handler runs: its query items and
/// path parameters, and every string of its JSON body, escaped (`\u0000`, `\r`) or not; a text
/// with one is refused with 400.
enum ControlCharacters {
    /// The refusal.
    static let refusal = HTTPError(
        .badRequest, message: "El texto no puede llevar caracteres de control: solo se admiten el tabulador y el salto de línea.")

    /// Throws the refusal if a text of `request` holds a control character other than tab and
    /// newline; `jsonBody` false: the body is a file its route checks as the text it is.
    static func check(_ request: HTTPRequest, jsonBody: Bool = true) throws(HTTPError) {
        for item in request.queryItems where refused(item.name) || refused(item.value) { throw refusal }
        for value in request.parameters.values where refused(value) { throw refusal }
        if jsonBody, inJSONStrings(request.body) { throw refusal }
    }

    /// Whether `text` holds a control character (Unicode's Cc: C0, DEL, C1) other than tab and
    /// newline.
    static func refused(_ text: String) -> Bool {
        text.unicodeScalars.contains { isRefused($0.value) }
    }

    /// Whether a string of the JSON text `bytes` holds such a character, raw or escaped; one
    /// pass over the bytes. Bytes outside strings are JSON's own (a file's CRLF is fine there).
    static func inJSONStrings(_ bytes: [UInt8]) -> Bool {
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "r"): return true
                case UInt8(ascii: "u"):
                    if let scalar = hex(bytes, from: index + 2), isRefused(scalar) { return true }
                    index += 4
                default: break
                }
                index += 1
            case 0xC2:  // U+0080…U+009F in UTF-8.
                if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            default:
                if byte < 0x80, isRefused(UInt32(byte)) { return true }  // Not a multi-byte sequence's.
            }
            index += 1
        }
        return false
    }

    private static func isRefused(_ scalar: UInt32) -> Bool { ControlCharacterRule.isRefused(scalar) }

    /// The four hex digits at `start` as a number, or nil.
    private static func hex(_ bytes: [UInt8], from start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
