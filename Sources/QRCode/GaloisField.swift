/// Arithmetic in GF(2⁸) as ISO/IEC 18004 uses it for Reed–Solomon codes: bytes are polynomials
/// over GF(2) modulo the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (`0x11D`), and α = x (2)
/// generates every non-zero element. Addition is XOR; multiplication goes through log tables.
enum GaloisField {
    /// The field's primitive polynomial, bit i being the coefficient of xⁱ.
    static let primitivePolynomial = 0x11D

    /// `exponentials[i]` = αⁱ for i in 0..<510 (twice the period, so a sum of two logarithms
    /// needs no reduction).
    static let exponentials: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for exponent in 0..<255 {
            table[exponent] = UInt8(value)
            table[exponent + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= primitivePolynomial }
        }
        return table
    }()

    /// `logarithms[v]` = the i in 0..<255 with αⁱ = v, for v ≠ 0 (entry 0 is unused).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for exponent in 0..<255 { table[Int(exponentials[exponent])] = exponent }
        return table
    }()

    /// αⁿ for any n ≥ 0.
    static func alpha(toThe exponent: Int) -> UInt8 {
        exponentials[exponent % 255]
    }

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponentials[logarithms[Int(a)] + logarithms[Int(b)]]
    }
}
