import Foundation
import Testing

@testable import QRCode

/// End to end: a real decoder (zbarimg) reads exactly the text we encoded, for short and long
/// texts, UTF-8, every version 1…40 at every error correction level, and every mask. Serialized:
/// one zbarimg at a time, so that the decoding does not starve the suite's timing-sensitive tests.
@Suite(.serialized, .enabled(if: !ZBarReader.skipped, "zbarimg is not installed (brew install zbar): QR round trips skipped"))
struct QRCodeDecodingTests {
    @Test(arguments: [
        "Hola",
        "http://192.168.1.23:8080/join?room=ABCD",
        "Año, niño, ñandú: ¿quién juega? 🦙🎉",
        "a",
    ])
    func decodesExactlyTheText(_ text: String) async throws {
        let code = try QRCode(encoding: text)
        try await Self.expectDecoding(code, as: text)
    }

    /// For each version and level: the longest text that fits, which must choose that version.
    @Test(arguments: SymbolVersion.all.map(\.number), ErrorCorrectionLevel.allCases)
    func decodesTheFullestSymbolOfEachVersion(version: Int, level: ErrorCorrectionLevel) async throws {
        let length = SymbolVersion(number: version).byteCapacity(at: level)
        let text = Self.printableText(length: length, seed: UInt64(version * 4 + level.formatBits))
        let code = try QRCode(encoding: text, correction: level)
        #expect(code.version == version)
        try await Self.expectDecoding(code, as: text)
    }

    @Test(arguments: Mask.allCases)
    func decodesEveryMask(mask: Mask) async throws {
        // Version 7 so that the version information is read too.
        let text = Self.printableText(length: 115, seed: UInt64(mask.rawValue))
        let code = try QRCode(encoding: text, correction: .medium, mask: mask)
        #expect(code.version == 7)
        #expect(code.maskPattern == mask.rawValue)
        try await Self.expectDecoding(code, as: text)
    }

    /// zbarimg must read exactly the bytes of `text`.
    static func expectDecoding(_ code: QRCode, as text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let decoded = try await ZBarReader.decode(code)
        #expect(
            decoded == Array(text.utf8),
            "zbarimg read \(decoded.count) bytes: \(String(decoding: decoded, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    /// Deterministic printable ASCII (a small linear congruential generator), so that the data
    /// codewords vary like real text.
    static func printableText(length: Int, seed: UInt64) -> String {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var characters: [Character] = []
        for _ in 0..<length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            characters.append(Character(Unicode.Scalar(UInt8(33 + (state >> 33) % 94))))
        }
        return String(characters)
    }
}
