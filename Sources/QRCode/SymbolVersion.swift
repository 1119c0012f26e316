/// A QR code version, 1…40: the symbol's size and how its codewords split into Reed–Solomon
/// blocks at each error correction level (ISO/IEC 18004, tables 1, 7, 9 and annex E).
struct SymbolVersion: Sendable, Hashable, Comparable {
    /// The version number, 1…40.
    let number: Int

    /// Every version, smallest first.
    static let all = (1...40).map(SymbolVersion.init(number:))

    init(number: Int) {
        precondition((1...40).contains(number), "QR versions are 1…40")
        self.number = number
    }

    static func < (lhs: SymbolVersion, rhs: SymbolVersion) -> Bool { lhs.number < rhs.number }

    /// Modules per side: 21 for version 1, four more for each version after it.
    var size: Int { 17 + 4 * number }

    /// Row/column coordinates of the alignment pattern centres (annex E); empty for version 1.
    /// Patterns sit at every pair of these except the three that overlap the finder patterns.
    var alignmentPatternCenters: [Int] { Self.alignmentCenters[number - 1] }

    /// Whether the symbol carries the two 6×3 version information blocks (versions 7 and up).
    var hasVersionInformation: Bool { number >= 7 }

    /// Modules left for data and error correction bits once the function patterns are drawn:
    /// finders with separators and format information (3 × 64 + 31 with the dark module),
    /// the two timing patterns, the alignment patterns (less the timing modules they cover)
    /// and, from version 7, the version information (2 × 18).
    var dataModuleCount: Int {
        var count = size * size - 3 * 64 - 31 - 2 * (size - 16)
        let centers = alignmentPatternCenters.count
        if centers > 0 {
            count -= 25 * (centers * centers - 3) - 10 * (centers - 2)
        }
        if hasVersionInformation { count -= 36 }
        return count
    }

    /// Codewords in the symbol (data and error correction); leftover modules are remainder bits.
    var totalCodewords: Int { dataModuleCount / 8 }

    /// Bits of the byte-mode character count indicator: 8 up to version 9, 16 after.
    var characterCountBits: Int { number <= 9 ? 8 : 16 }

    /// How the codewords split into blocks at `level`.
    func blocks(at level: ErrorCorrectionLevel) -> BlockLayout {
        let row = Self.errorCorrectionTable[number - 1]
        let entry: (ecPerBlock: Int, blockCount: Int)
        switch level {
        case .low: entry = row.low
        case .medium: entry = row.medium
        case .quartile: entry = row.quartile
        case .high: entry = row.high
        }
        return BlockLayout(
            totalCodewords: totalCodewords, blockCount: entry.blockCount,
            errorCorrectionPerBlock: entry.ecPerBlock)
    }

    /// Data codewords at `level`.
    func dataCodewords(at level: ErrorCorrectionLevel) -> Int {
        blocks(at: level).dataCodewords
    }

    /// The most bytes of text that fit at `level` in byte mode: the data bits less the 4-bit mode
    /// indicator and the character count, in whole bytes.
    func byteCapacity(at level: ErrorCorrectionLevel) -> Int {
        (dataCodewords(at: level) * 8 - 4 - characterCountBits) / 8
    }

    /// The smallest version that holds `byteCount` bytes at `level`, or nil if none does.
    static func smallest(holding byteCount: Int, at level: ErrorCorrectionLevel) -> SymbolVersion? {
        all.first { $0.byteCapacity(at: level) >= byteCount }
    }

    /// Annex E: alignment pattern centre coordinates for versions 1…40.
    private static let alignmentCenters: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82],
        [6, 30, 58, 86], [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154],
        [6, 28, 54, 80, 106, 132, 158], [6, 32, 58, 84, 110, 136, 162],
        [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    private typealias LevelEntry = (ecPerBlock: Int, blockCount: Int)

    /// Table 9 condensed: per version, for L, M, Q and H, the error correction codewords per
    /// block and the number of blocks. The blocks' data lengths follow from the total codewords
    /// (the shorter blocks come first and the longer ones hold one more data codeword).
    private static let errorCorrectionTable:
        [(low: LevelEntry, medium: LevelEntry, quartile: LevelEntry, high: LevelEntry)] = [
            ((7, 1), (10, 1), (13, 1), (17, 1)),  // 1
            ((10, 1), (16, 1), (22, 1), (28, 1)),  // 2
            ((15, 1), (26, 1), (18, 2), (22, 2)),  // 3
            ((20, 1), (18, 2), (26, 2), (16, 4)),  // 4
            ((26, 1), (24, 2), (18, 4), (22, 4)),  // 5
            ((18, 2), (16, 4), (24, 4), (28, 4)),  // 6
            ((20, 2), (18, 4), (18, 6), (26, 5)),  // 7
            ((24, 2), (22, 4), (22, 6), (26, 6)),  // 8
            ((30, 2), (22, 5), (20, 8), (24, 8)),  // 9
            ((18, 4), (26, 5), (24, 8), (28, 8)),  // 10
            ((20, 4), (30, 5), (28, 8), (24, 11)),  // 11
            ((24, 4), (22, 8), (26, 10), (28, 11)),  // 12
            ((26, 4), (22, 9), (24, 12), (22, 16)),  // 13
            ((30, 4), (24, 9), (20, 16), (24, 16)),  // 14
            ((22, 6), (24, 10), (30, 12), (24, 18)),  // 15
            ((24, 6), (28, 10), (24, 17), (30, 16)),  // 16
            ((28, 6), (28, 11), (28, 16), (28, 19)),  // 17
            ((30, 6), (26, 13), (28, 18), (28, 21)),  // 18
            ((28, 7), (26, 14), (26, 21), (26, 25)),  // 19
            ((28, 8), (26, 16), (30, 20), (28, 25)),  // 20
            ((28, 8), (26, 17), (28, 23), (30, 25)),  // 21
            ((28, 9), (28, 17), (30, 23), (24, 34)),  // 22
            ((30, 9), (28, 18), (30, 25), (30, 30)),  // 23
            ((30, 10), (28, 20), (30, 27), (30, 32)),  // 24
            ((26, 12), (28, 21), (30, 29), (30, 35)),  // 25
            ((28, 12), (28, 23), (28, 34), (30, 37)),  // 26
            ((30, 12), (28, 25), (30, 34), (30, 40)),  // 27
            ((30, 13), (28, 26), (30, 35), (30, 42)),  // 28
            ((30, 14), (28, 28), (30, 38), (30, 45)),  // 29
            ((30, 15), (28, 29), (30, 40), (30, 48)),  // 30
            ((30, 16), (28, 31), (30, 43), (30, 51)),  // 31
            ((30, 17), (28, 33), (30, 45), (30, 54)),  // 32
            ((30, 18), (28, 35), (30, 48), (30, 57)),  // 33
            ((30, 19), (28, 37), (30, 51), (30, 60)),  // 34
            ((30, 19), (28, 38), (30, 53), (30, 63)),  // 35
            ((30, 20), (28, 40), (30, 56), (30, 66)),  // 36
            ((30, 21), (28, 43), (30, 59), (30, 70)),  // 37
            ((30, 22), (28, 45), (30, 62), (30, 74)),  // 38
            ((30, 24), (28, 47), (30, 65), (30, 77)),  // 39
            ((30, 25), (28, 49), (30, 68), (30, 81)),  // 40
        ]
}
