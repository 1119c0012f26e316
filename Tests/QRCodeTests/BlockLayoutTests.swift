import Testing

@testable import QRCode

/// Splitting codewords into Reed–Solomon blocks (table 9) and interleaving them (§7.6).
@Suite struct BlockLayoutTests {
    /// Some rows of table 9: (blocks, data codewords) per group and error correction per block.
    @Test(arguments: [
        (1, ErrorCorrectionLevel.medium, 1, 16, 0, 10),
        (5, .quartile, 2, 15, 2, 18),
        (5, .high, 2, 11, 2, 22),
        (7, .high, 4, 13, 1, 26),
        (10, .medium, 4, 43, 1, 26),
        (15, .low, 5, 87, 1, 22),
        (40, .low, 19, 118, 6, 30),
        (40, .high, 20, 15, 61, 30),
    ])
    func groupsMatchTable9(
        version: Int, level: ErrorCorrectionLevel, shortBlocks: Int, shortLength: Int, longBlocks: Int,
        errorCorrection: Int
    ) {
        let layout = SymbolVersion(number: version).blocks(at: level)
        #expect(layout.shortBlockCount == shortBlocks)
        #expect(layout.shortBlockDataLength == shortLength)
        #expect(layout.blockCount - layout.shortBlockCount == longBlocks)
        #expect(layout.errorCorrectionPerBlock == errorCorrection)
    }

    /// Every version and level: the blocks add up to the total, and long blocks are one longer.
    @Test func everyLayoutAddsUp() {
        for version in SymbolVersion.all {
            for level in ErrorCorrectionLevel.allCases {
                let layout = version.blocks(at: level)
                let dataTotal = (0..<layout.blockCount).map(layout.dataLength(ofBlock:)).reduce(0, +)
                #expect(dataTotal == layout.dataCodewords, "\(version.number)-\(level.letter)")
                #expect(layout.shortBlockCount >= 1 && layout.shortBlockCount <= layout.blockCount)
                #expect(dataTotal + layout.blockCount * layout.errorCorrectionPerBlock == version.totalCodewords)
            }
        }
    }

    /// 5-Q: blocks of 15, 15, 16, 16 data codewords are read column by column, then the last
    /// column only has the long blocks, then the error correction columns follow.
    @Test func interleavesDataThenErrorCorrection() throws {
        let layout = SymbolVersion(number: 5).blocks(at: .quartile)
        let data = (0..<62).map(UInt8.init)
        let sequence = layout.interleave(data)
        try #require(sequence.count == 134)
        #expect(Array(sequence[0..<8]) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(sequence[56..<62]) == [14, 29, 44, 60, 45, 61])
        let encoder = ReedSolomonEncoder(degree: 18)
        let firstBlockCorrection = encoder.errorCorrection(for: Array(data[0..<15]))
        let lastBlockCorrection = encoder.errorCorrection(for: Array(data[46..<62]))
        try #require(firstBlockCorrection.count == 18 && lastBlockCorrection.count == 18)
        #expect(sequence[62] == firstBlockCorrection[0])
        #expect(sequence[65] == lastBlockCorrection[0])
        #expect(sequence[133] == lastBlockCorrection[17])
    }
}
