/// How one version's codewords split into Reed–Solomon blocks at one error correction level:
/// `blockCount` blocks, each with `errorCorrectionPerBlock` error correction codewords; the
/// first `shortBlockCount` blocks carry `shortBlockDataLength` data codewords, the rest one more.
struct BlockLayout: Sendable, Hashable {
    /// Codewords in the whole symbol.
    let totalCodewords: Int
    /// Reed–Solomon blocks.
    let blockCount: Int
    /// Error correction codewords in every block.
    let errorCorrectionPerBlock: Int

    /// Data codewords in the symbol.
    var dataCodewords: Int { totalCodewords - blockCount * errorCorrectionPerBlock }
    /// Blocks with the shorter data length (group 1 in table 9).
    var shortBlockCount: Int { blockCount - totalCodewords % blockCount }
    /// Data codewords in a short block; the long blocks (group 2) hold one more.
    var shortBlockDataLength: Int { totalCodewords / blockCount - errorCorrectionPerBlock }

    /// Data codewords of block `index`.
    func dataLength(ofBlock index: Int) -> Int {
        index < shortBlockCount ? shortBlockDataLength : shortBlockDataLength + 1
    }

    /// The final codeword sequence: split `data` into blocks, append each block's error
    /// correction, then interleave — the data codewords column by column across the blocks,
    /// then the error correction codewords likewise.
    func interleave(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count == dataCodewords, "data must fill the symbol's data codewords")
        let encoder = ReedSolomonEncoder(degree: errorCorrectionPerBlock)
        var dataBlocks: [ArraySlice<UInt8>] = []
        var start = 0
        for index in 0..<blockCount {
            let length = dataLength(ofBlock: index)
            dataBlocks.append(data[start..<start + length])
            start += length
        }
        let correctionBlocks = dataBlocks.map { encoder.errorCorrection(for: Array($0)) }

        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords)
        for column in 0...shortBlockDataLength {
            for block in dataBlocks where column < block.count {
                result.append(block[block.startIndex + column])
            }
        }
        for column in 0..<errorCorrectionPerBlock {
            for block in correctionBlocks { result.append(block[column]) }
        }
        return result
    }
}
