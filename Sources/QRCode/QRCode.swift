/// A QR code symbol (ISO/IEC 18004) for a string: byte mode (UTF-8), the smallest version 1…40
/// that holds it at the chosen error correction level, and the data mask with the lowest penalty.
/// Read its modules with `self[x, y]` or draw it with `svg(moduleSize:quietZone:)`.
public struct QRCode: Sendable, Equatable {
    /// The encoded text.
    public let text: String
    /// The version, 1…40 (the symbol is 17 + 4 × version modules wide).
    public let version: Int
    /// The error correction level.
    public let correction: ErrorCorrectionLevel
    /// The data mask in use, 0…7.
    public let maskPattern: Int
    /// The modules, row by row.
    private let modules: [Bool]

    /// Modules per side, without the quiet zone.
    public var size: Int { 17 + 4 * version }

    /// Encodes `text` as UTF-8 in byte mode, in the smallest version that holds it.
    /// Throws `QRCodeError.dataTooLong` when even version 40 cannot.
    public init(encoding text: String, correction: ErrorCorrectionLevel = .medium) throws(QRCodeError) {
        try self.init(encoding: text, correction: correction, mask: nil)
    }

    /// As the public initializer, but with `mask` forced instead of chosen by penalty (tests).
    init(encoding text: String, correction: ErrorCorrectionLevel, mask forcedMask: Mask?) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard let version = SymbolVersion.smallest(holding: bytes.count, at: correction) else {
            throw .dataTooLong(
                byteCount: bytes.count, maximum: SymbolVersion(number: 40).byteCapacity(at: correction),
                correction: correction)
        }
        let data = ByteModeEncoder.dataCodewords(for: bytes, version: version, level: correction)
        let codewords = version.blocks(at: correction).interleave(data)
        var unmasked = ModuleMatrix.withFunctionPatterns(for: version)
        unmasked.placeData(codewords)

        let candidates = forcedMask.map { [$0] } ?? Mask.allCases
        let scored = candidates.map { mask in
            let matrix = Self.masked(unmasked, with: mask, correction: correction)
            return (matrix: matrix, mask: mask, penalty: MaskPenalty.total(matrix))
        }
        // `min(by:)` keeps the first of equal penalties, so ties go to the lower mask number.
        guard let chosen = scored.min(by: { $0.penalty < $1.penalty }) else {
            preconditionFailure("there is always at least one mask candidate")
        }
        self.text = text
        self.version = version.number
        self.correction = correction
        self.maskPattern = chosen.mask.rawValue
        self.modules = chosen.matrix.dark
    }

    /// `unmasked` with `mask` applied and its format information written.
    static func masked(_ unmasked: ModuleMatrix, with mask: Mask, correction: ErrorCorrectionLevel) -> ModuleMatrix {
        var matrix = unmasked
        matrix.apply(mask)
        matrix.drawFormatInformation(FormatInformation.formatBits(level: correction, mask: mask))
        return matrix
    }

    /// Whether the module at column `x`, row `y` (from the top left) is dark. Coordinates outside
    /// the symbol are light: they are the quiet zone.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}
