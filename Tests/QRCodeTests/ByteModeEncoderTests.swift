import Testing

@testable import QRCode

/// Byte-mode data codewords: mode indicator, character count, data, terminator and padding.
@Suite struct ByteModeEncoderTests {
    @Test func holaInVersion1M() {
        let codewords = ByteModeEncoder.dataCodewords(
            for: Array("Hola".utf8), version: SymbolVersion(number: 1), level: .medium)
        // 0100 00000100 01001000 01101111 01101100 01100001 0000, then EC 11 EC 11 …
        #expect(codewords == [0x40, 0x44, 0x86, 0xF6, 0xC6, 0x10] + [0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test func fullSymbolHasATerminatorAndNoPadding() throws {
        let bytes = [UInt8](repeating: 0xFF, count: 17)
        let codewords = ByteModeEncoder.dataCodewords(for: bytes, version: SymbolVersion(number: 1), level: .low)
        try #require(codewords.count == 19)
        // 0100 00010001 then 17 × 11111111 then 0000: the last codeword is 1111 0000.
        #expect(codewords.first == 0x41)
        #expect(codewords[1] == 0x1F)
        #expect(codewords.last == 0xF0)
    }

    @Test func version10CountsInSixteenBits() throws {
        let bytes = [UInt8](repeating: 0x41, count: 200)
        let codewords = ByteModeEncoder.dataCodewords(
            for: bytes, version: SymbolVersion(number: 10), level: .medium)
        try #require(codewords.count == 216)
        // 0100 0000000011001000 01000001 …
        #expect(Array(codewords[0..<4]) == [0x40, 0x0C, 0x84, 0x14])
        // 4 + 16 + 1600 bits, a 4-bit terminator: 203 codewords, then 13 pad codewords.
        #expect(codewords[202] == 0x10)
        #expect(Array(codewords[203..<206]) == [0xEC, 0x11, 0xEC])
    }
}
