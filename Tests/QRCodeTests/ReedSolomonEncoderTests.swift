import Testing

@testable import QRCode

/// Reed–Solomon error correction codewords: the generator polynomials of annex A and the
/// standard's worked examples.
@Suite struct ReedSolomonEncoderTests {
    /// The generator's coefficients as exponents of α, highest power first (leading α⁰ omitted).
    private func exponents(ofGeneratorWithDegree degree: Int) -> [Int] {
        ReedSolomonEncoder(degree: degree).generator.map { GaloisField.logarithms[Int($0)] }
    }

    @Test func generatorPolynomialsMatchAnnexA() {
        #expect(exponents(ofGeneratorWithDegree: 2) == [25, 1])
        #expect(exponents(ofGeneratorWithDegree: 7) == [87, 229, 146, 149, 238, 102, 21])
        #expect(exponents(ofGeneratorWithDegree: 10) == [251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
        #expect(
            exponents(ofGeneratorWithDegree: 13) == [74, 152, 176, 100, 86, 100, 106, 104, 130, 218, 206, 140, 78])
    }

    /// Annex I: "01234567" as a 1-M symbol (numeric mode).
    @Test func standardExample01234567() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let expected: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        #expect(ReedSolomonEncoder(degree: 10).errorCorrection(for: data) == expected)
    }

    /// "HELLO WORLD" as a 1-Q symbol (alphanumeric mode), 13 error correction codewords.
    @Test func helloWorldOneQ() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236]
        let expected: [UInt8] = [168, 72, 22, 82, 217, 54, 156, 0, 46, 15, 180, 122, 16]
        #expect(ReedSolomonEncoder(degree: 13).errorCorrection(for: data) == expected)
    }

    /// Data followed by its error correction is a multiple of g(x): it vanishes at α⁰…α^(n−1).
    @Test(arguments: [7, 16, 22, 30])
    func codewordsVanishAtTheGeneratorRoots(degree: Int) {
        let data = (0..<40).map { UInt8(($0 * 37 + degree) % 256) }
        let codeword = data + ReedSolomonEncoder(degree: degree).errorCorrection(for: data)
        for root in 0..<degree {
            let point = GaloisField.alpha(toThe: root)
            let value = codeword.reduce(UInt8(0)) { GaloisField.multiply($0, point) ^ $1 }
            #expect(value == 0, "codeword at α^\(root)")
        }
    }
}
