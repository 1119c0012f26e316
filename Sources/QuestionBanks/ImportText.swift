import Foundation
import QuestionSets

/// The text of an imported file: UTF-8 (a byte-order mark dropped), or Windows-1252 only when an
/// XML declaration says ISO-8859-1 or Windows-1252; Windows and old Mac line ends made `\n`. Bytes that are not UTF-8 are a
/// clear Spanish refusal (a Latin-1 file saved by an old editor usually is the cause), never
/// mojibake in the questions.
enum ImportText {
    static func decode(_ data: Data) throws(QuestionSetError) -> String {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw .invalid("El fichero está en UTF-16: guárdalo como UTF-8 y vuelve a importarlo.")
        }
        let text: String
        if let utf8 = String(validating: bytes, as: UTF8.self) {
            text = utf8
        } else if declaresLatin1(bytes) {
            // Read as Windows-1252, as browsers and Moodle's `core_text` read an ISO-8859-1
            // label: Windows writes its quotes, dashes and € in 0x80–0x9F.
            text = String(String.UnicodeScalarView(bytes.map { windows1252($0) }))
        } else {
            let offset = firstInvalidOffset(bytes)
            let line = bytes.prefix(offset).filter { $0 == 0x0A }.count + 1
            throw .invalid(
                "El fichero no está en UTF-8 (línea \(line)): parece Latin-1 o Windows-1252. "
                    + "Guárdalo como UTF-8 (en el Bloc de notas, «Guardar como» → Codificación UTF-8) y vuelve a importarlo.")
        }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Windows-1252's character for `byte` (Latin-1's but in 0x80–0x9F; the five bytes it
    /// leaves undefined stay as they are).
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        guard (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(high[Int(byte) - 0x80]) else { return Unicode.Scalar(byte) }
        return scalar
    }

    /// Whether the bytes start with an XML declaration naming ISO-8859-1, Latin-1 or Windows-1252.
    private static func declaresLatin1(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(100).filter { $0 < 0x80 }, as: UTF8.self).lowercased()
        guard head.hasPrefix("<?xml"), let end = head.firstIndex(of: ">") else { return false }
        let declaration = head[..<end]
        return ["iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252"].contains { declaration.contains($0) }
    }

    /// Where the first byte that is not UTF-8 is (a lead byte without its continuation bytes,
    /// or a stray one).
    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
        var at = 0
        while at < bytes.count {
            let byte = bytes[at]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            guard length > 0, at + length <= bytes.count,
                  bytes[at + 1 ..< at + length].allSatisfy({ $0 & 0xC0 == 0x80 }),
                  String(validating: bytes[at ..< at + length], as: UTF8.self) != nil
            else { return at }
            at += length
        }
        return at
    }
}
