import Testing

@testable import QRCode

/// GF(256) with the primitive polynomial 0x11D: the exponential/log tables and multiplication.
@Suite struct GaloisFieldTests {
    @Test func firstPowersOfAlphaMatchTheStandard() {
        let expected: [UInt8] = [1, 2, 4, 8, 16, 32, 64, 128, 29, 58, 116, 232, 205, 135, 19, 38]
        #expect(Array(GaloisField.exponentials[0..<16]) == expected)
        #expect(GaloisField.alpha(toThe: 25) == 3)
        #expect(GaloisField.alpha(toThe: 255) == 1)
        #expect(GaloisField.alpha(toThe: 256) == 2)
    }

    @Test func alphaGeneratesEveryNonZeroElementOnce() {
        let powers = GaloisField.exponentials[0..<255]
        #expect(Set(powers) == Set(1...255))
        for value in 1...255 {
            #expect(Int(GaloisField.alpha(toThe: GaloisField.logarithms[value])) == value)
        }
    }

    /// Multiplication through the tables equals schoolbook carry-less multiplication reduced
    /// modulo the primitive polynomial, for every pair.
    @Test func multiplicationMatchesCarryLessMultiplication() {
        func slowMultiply(_ a: Int, _ b: Int) -> Int {
            var product = 0
            for bit in 0..<8 where (b >> bit) & 1 == 1 { product ^= a << bit }
            for bit in stride(from: 15, through: 8, by: -1) where (product >> bit) & 1 == 1 {
                product ^= 0x11D << (bit - 8)
            }
            return product
        }
        var mismatches = 0
        for a in 0...255 {
            for b in 0...255 where Int(GaloisField.multiply(UInt8(a), UInt8(b))) != slowMultiply(a, b) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func everyNonZeroElementHasAnInverse() {
        for value in 1...255 {
            let inverse = GaloisField.alpha(toThe: 255 - GaloisField.logarithms[value])
            #expect(GaloisField.multiply(UInt8(value), inverse) == 1)
        }
    }
}
