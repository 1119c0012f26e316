import CEventLoop

/// The byte-level helpers of the request parser and the loop: finding a byte, and the character
/// classes of RFC 9110 (digits, hex digits, `tchar`, the characters of a Host).
enum HTTPBytes {
    /// The index of the first `byte` in `bytes` at or after `start` (memchr), or nil.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = cel_find_byte(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of an ASCII hex digit (either case), or nil.
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// RFC 9110 `tchar`: the characters of a method or a header field name.
    static func isTokenByte(_ byte: UInt8) -> Bool { ASCIISet.token.contains(byte) }

    /// Characters of `uri-host [ ":" port ]`, including IPv6 literals and percent-encoding.
    static func isHostByte(_ byte: UInt8) -> Bool { ASCIISet.host.contains(byte) }
}

/// A set of ASCII bytes as a 128-bit mask (two words, as `UInt128` needs macOS 15): a lookup is
/// a shift and a test.
struct ASCIISet: Sendable, Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    ///
    /// The sets the parser uses are written as masks, so that a lookup costs no lazy global's
    /// first-use check (a few per cent of a small request's parse); `HTTPBytesTests` checks each
    /// mask against its list of characters.
    static var token: ASCIISet { ASCIISet(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE) }
    /// `uri-host [ ":" port ]`: letters, digits and `-._~:[]%!$&'()*+,;=`.
    static var host: ASCIISet { ASCIISet(low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_AFFF_FFFE) }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The ASCII letters and digits plus the characters of `others` (ASCII only).
    init(lettersAndDigitsAnd others: String) {
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { insert(byte) }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { insert(byte) }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { insert(byte) }
        for byte in others.utf8 { insert(byte) }
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 128, "ASCIISet holds ASCII only")
        if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte &- 64) & 1 != 0
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
