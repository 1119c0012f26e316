/// Why a string cannot become a QR code.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// The text needs `byteCount` bytes of UTF-8, but version 40 at `correction` holds at most
    /// `maximum` bytes.
    case dataTooLong(byteCount: Int, maximum: Int, correction: ErrorCorrectionLevel)

    /// The error in plain Spanish, for the page or the terminal.
    public var description: String {
        switch self {
        case .dataTooLong(let byteCount, let maximum, let correction):
            "El texto ocupa \(byteCount) bytes y un código QR con corrección \(correction.letter) "
                + "admite como máximo \(maximum)."
        }
    }
}
