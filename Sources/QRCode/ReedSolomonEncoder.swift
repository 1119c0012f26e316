/// Computes the error correction codewords of one block: the remainder of the data polynomial
/// times x^degree divided by the generator g(x) = (x − α⁰)(x − α¹)…(x − α^(degree−1)).
struct ReedSolomonEncoder: Sendable {
    /// g(x)'s coefficients from x^(degree−1) down to x⁰; the leading coefficient (1) is implied.
    let generator: [UInt8]

    /// An encoder producing `degree` error correction codewords per block.
    init(degree: Int) {
        precondition((1...254).contains(degree), "Reed–Solomon degree out of range")
        // Start from g(x) = 1 and multiply by (x − αⁱ) = (x + αⁱ) for each i.
        // `coefficients` holds all degree+1 coefficients, highest power first.
        var coefficients: [UInt8] = [1]
        for i in 0..<degree {
            let root = GaloisField.alpha(toThe: i)
            var product = [UInt8](repeating: 0, count: coefficients.count + 1)
            for (index, coefficient) in coefficients.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= GaloisField.multiply(coefficient, root)
            }
            coefficients = product
        }
        generator = Array(coefficients.dropFirst())
    }

    /// The number of error correction codewords this encoder appends.
    var degree: Int { generator.count }

    /// The error correction codewords for `data` (polynomial long division, highest power first).
    func errorCorrection(for data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            if factor != 0 {
                for index in 0..<degree {
                    remainder[index] ^= GaloisField.multiply(generator[index], factor)
                }
            }
        }
        return remainder
    }
}
