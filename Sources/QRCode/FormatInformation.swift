/// The BCH-protected words that tell a reader how to read the symbol (ISO/IEC 18004 §7.9 and
/// §7.10): the 15-bit format information (level and mask) and the 18-bit version information.
enum FormatInformation {
    /// Generator of the (15, 5) BCH code: x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1.
    static let formatGenerator = 0b101_0011_0111
    /// XORed into the format information so that it is never all zeros.
    static let formatMask = 0b101_0100_0001_0010
    /// Generator of the (18, 6) BCH code: x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static let versionGenerator = 0b1_1111_0010_0101

    /// The 15 format bits for `level` and `mask`: 2 level bits, 3 mask bits, 10 BCH bits, masked.
    static func formatBits(level: ErrorCorrectionLevel, mask: Mask) -> Int {
        let data = level.formatBits << 3 | mask.rawValue
        return (data << 10 | remainder(of: data << 10, generator: formatGenerator)) ^ formatMask
    }

    /// The 18 version bits for `version` (7…40): 6 version bits then 12 BCH bits, not masked.
    static func versionBits(_ version: SymbolVersion) -> Int {
        precondition(version.hasVersionInformation, "only versions 7…40 carry version information")
        return version.number << 12 | remainder(of: version.number << 12, generator: versionGenerator)
    }

    /// The remainder of polynomial division over GF(2).
    private static func remainder(of dividend: Int, generator: Int) -> Int {
        let generatorDegree = Int.bitWidth - generator.leadingZeroBitCount - 1
        var value = dividend
        while value != 0, Int.bitWidth - value.leadingZeroBitCount - 1 >= generatorDegree {
            let shift = (Int.bitWidth - value.leadingZeroBitCount - 1) - generatorDegree
            value ^= generator << shift
        }
        return value
    }
}
