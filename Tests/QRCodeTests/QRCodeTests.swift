import Testing

@testable import QRCode

/// The public encoder: version choice, the too-long error, the mask with the lowest penalty.
@Suite struct QRCodeTests {
    @Test func joinURLIsASmallMediumSymbol() throws {
        let code = try QRCode(encoding: "http://192.168.1.23:8080/join?room=ABCD")
        #expect(code.correction == .medium)
        #expect(code.version == 3)
        #expect(code.size == 29)
        // Top left finder corner and the dark module; outside the symbol is light.
        #expect(code[0, 0] && code[6, 6] && !code[7, 7])
        #expect(code[8, code.size - 8])
        #expect(!code[-1, 0] && !code[0, code.size])
    }

    @Test(arguments: ErrorCorrectionLevel.allCases)
    func tooLongDataThrows(level: ErrorCorrectionLevel) throws {
        let maximum = SymbolVersion(number: 40).byteCapacity(at: level)
        let fits = String(repeating: "x", count: maximum)
        #expect(try QRCode(encoding: fits, correction: level).version == 40)
        let error = #expect(throws: QRCodeError.self) {
            try QRCode(encoding: fits + "x", correction: level)
        }
        #expect(error == .dataTooLong(byteCount: maximum + 1, maximum: maximum, correction: level))
    }

    @Test func tooLongMessageIsSpanishAndCountsUTF8Bytes() {
        let text = String(repeating: "ñ", count: 1200)  // 2 bytes each
        #expect {
            try QRCode(encoding: text)
        } throws: { error in
            "\(error)" == "El texto ocupa 2400 bytes y un código QR con corrección M admite como máximo 2331."
        }
    }

    /// The chosen mask has the lowest total penalty of the eight, the lowest number on a tie.
    @Test(arguments: ["Hola", "http://192.168.1.23:8080/join?room=ABCD", String(repeating: "Adivina ", count: 40)])
    func choosesTheMaskWithTheLowestPenalty(text: String) throws {
        let code = try QRCode(encoding: text)
        let version = SymbolVersion(number: code.version)
        let data = ByteModeEncoder.dataCodewords(for: Array(text.utf8), version: version, level: .medium)
        var unmasked = ModuleMatrix.withFunctionPatterns(for: version)
        unmasked.placeData(version.blocks(at: .medium).interleave(data))
        let penalties = Mask.allCases.map { MaskPenalty.total(QRCode.masked(unmasked, with: $0, correction: .medium)) }
        #expect(code.maskPattern == penalties.firstIndex(of: try #require(penalties.min())))
        let chosen = QRCode.masked(unmasked, with: try #require(Mask(rawValue: code.maskPattern)), correction: .medium)
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] != chosen[x, y] {
                Issue.record("module (\(x), \(y)) differs from the chosen mask's matrix")
            }
        }
    }

    @Test func sameTextSameSymbol() throws {
        #expect(try QRCode(encoding: "ABCD") == QRCode(encoding: "ABCD"))
        #expect(try QRCode(encoding: "ABCD") != QRCode(encoding: "ABCE"))
        #expect(try QRCode(encoding: "") .version == 1)
    }
}
