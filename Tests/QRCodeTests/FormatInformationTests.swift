import Testing

@testable import QRCode

/// Format information (annex C) and version information (annex D) bit strings.
@Suite struct FormatInformationTests {
    /// Annex C, table C.1: the 32 masked format bit strings, by level and mask 0…7.
    @Test func formatBitsMatchTableC1() {
        // One row per level: the strings for masks 0…7, separated by spaces.
        let table: [ErrorCorrectionLevel: String] = [
            .low: "111011111000100 111001011110011 111110110101010 111100010011101 110011000101111 110001100011000 110110001000001 110100101110110",
            .medium: "101010000010010 101000100100101 101111001111100 101101101001011 100010111111001 100000011001110 100111110010111 100101010100000",
            .quartile: "011010101011111 011000001101000 011111100110001 011101000000110 010010010110100 010000110000011 010111011011010 010101111101101",
            .high: "001011010001001 001001110111110 001110011100111 001100111010000 000011101100010 000001001010101 000110100001100 000100000111011",
        ]
        for (level, row) in table {
            let strings = row.split(separator: " ").map(String.init)
            #expect(strings.count == Mask.allCases.count)
            for mask in Mask.allCases where mask.rawValue < strings.count {
                let bits = FormatInformation.formatBits(level: level, mask: mask)
                #expect(binary(bits, width: 15) == strings[mask.rawValue], "\(level) mask \(mask.rawValue)")
            }
        }
    }

    /// Annex D, table D.1: the version information bit strings for versions 7…40.
    @Test func versionBitsMatchTableD1() {
        let table = [
            "000111110010010100", "001000010110111100", "001001101010011001", "001010010011010011",
            "001011101111110110", "001100011101100010", "001101100001000111", "001110011000001101",
            "001111100100101000", "010000101101111000", "010001010001011101", "010010101000010111",
            "010011010100110010", "010100100110100110", "010101011010000011", "010110100011001001",
            "010111011111101100", "011000111011000100", "011001000111100001", "011010111110101011",
            "011011000010001110", "011100110000011010", "011101001100111111", "011110110101110101",
            "011111001001010000", "100000100111010101", "100001011011110000", "100010100010111010",
            "100011011110011111", "100100101100001011", "100101010000101110", "100110101001100100",
            "100111010101000001", "101000110001101001",
        ]
        for (offset, expected) in table.enumerated() {
            let version = SymbolVersion(number: 7 + offset)
            #expect(binary(FormatInformation.versionBits(version), width: 18) == expected, "version \(version.number)")
        }
    }

    private func binary(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 2)
        return String(repeating: "0", count: width - digits.count) + digits
    }
}
