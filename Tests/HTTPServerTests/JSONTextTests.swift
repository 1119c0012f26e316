import Foundation
import Testing
import HTTPServer

/// JSON string literals written by hand: quotes, backslashes, control characters, Unicode.
@Suite struct JSONTextTests {
    @Test(arguments: ["plain", "comillas \"dobles\"", "barra \\ invertida", "línea\nnueva\r\ttab", "\u{1}\u{1f}", "¿Sí? ñandú 🦜", ""])
    func quotedTextDecodesBackToTheSameString(text: String) throws {
        let literal = JSONText.quoted(text)
        #expect(literal.hasPrefix("\"") && literal.hasSuffix("\""))
        #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text)
    }

    @Test func controlCharactersUseUnicodeEscapes() {
        #expect(JSONText.quoted("\u{1}") == "\"\\u0001\"")
        #expect(JSONText.quoted("a\"b") == "\"a\\\"b\"")
    }
}
