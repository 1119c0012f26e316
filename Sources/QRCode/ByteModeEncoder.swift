/// Turns bytes into a version's data codewords in byte mode (ISO/IEC 18004 §7.4): the mode
/// indicator 0100, the character count, the bytes, a terminator of up to four 0 bits, 0 bits up
/// to a byte boundary, then the pad codewords 11101100 and 00010001 alternately.
enum ByteModeEncoder {
    /// The byte-mode indicator.
    static let modeIndicator = 0b0100
    /// The pad codewords, used alternately.
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The data codewords for `bytes` in `version` at `level`; the bytes must fit.
    static func dataCodewords(
        for bytes: [UInt8], version: SymbolVersion, level: ErrorCorrectionLevel
    ) -> [UInt8] {
        let capacityBits = version.dataCodewords(at: level) * 8
        var buffer = BitBuffer()
        buffer.append(modeIndicator, length: 4)
        buffer.append(bytes.count, length: version.characterCountBits)
        for byte in bytes { buffer.append(Int(byte), length: 8) }
        precondition(buffer.count <= capacityBits, "data does not fit the version")
        buffer.append(0, length: min(4, capacityBits - buffer.count))
        buffer.append(0, length: (8 - buffer.count % 8) % 8)
        var codewords = buffer.bytes
        var padIndex = 0
        while codewords.count < capacityBits / 8 {
            codewords.append(padCodewords[padIndex])
            padIndex ^= 1
        }
        return codewords
    }
}
