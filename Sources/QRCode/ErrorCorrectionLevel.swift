/// How much of a QR code may be damaged and still read: about 7 % (L), 15 % (M), 25 % (Q) or
/// 30 % (H) of the codewords. More correction means fewer data bytes per version.
public enum ErrorCorrectionLevel: Sendable, CaseIterable, Hashable {
    /// Level L, about 7 % of the codewords can be restored.
    case low
    /// Level M, about 15 % (the usual choice).
    case medium
    /// Level Q, about 25 %.
    case quartile
    /// Level H, about 30 %.
    case high

    /// The two bits that name the level in the format information (L 01, M 00, Q 11, H 10).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The letter the standard uses for the level.
    public var letter: Character {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
