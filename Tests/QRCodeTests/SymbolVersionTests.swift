import Testing

@testable import QRCode

/// Versions: sizes, codeword counts (table 1), capacities (table 7), alignment patterns
/// (annex E) and choosing the smallest version that fits.
@Suite struct SymbolVersionTests {
    /// Table 1: total codewords of versions 1…40.
    @Test func totalCodewordsMatchTable1() {
        let expected = [
            26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
            1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611, 2761, 2876, 3034,
            3196, 3362, 3532, 3706,
        ]
        #expect(SymbolVersion.all.map(\.totalCodewords) == expected)
        #expect(SymbolVersion(number: 1).size == 21)
        #expect(SymbolVersion(number: 40).size == 177)
    }

    /// Table 7: byte-mode capacities at L, M, Q, H for some versions.
    @Test(arguments: [
        (1, [17, 14, 11, 7]), (2, [32, 26, 20, 14]), (5, [106, 84, 60, 44]), (7, [154, 122, 86, 64]),
        (9, [230, 180, 130, 98]), (10, [271, 213, 151, 119]), (20, [858, 666, 482, 382]),
        (40, [2953, 2331, 1663, 1273]),
    ])
    func byteCapacitiesMatchTable7(version: Int, capacities: [Int]) {
        let symbol = SymbolVersion(number: version)
        #expect(ErrorCorrectionLevel.allCases.map { symbol.byteCapacity(at: $0) } == capacities)
    }

    /// The fullest text of each version stays in it; one byte more moves to the next version.
    @Test(arguments: [1, 2, 5, 7, 9, 10, 20, 39], ErrorCorrectionLevel.allCases)
    func smallestVersionBoundaries(version: Int, level: ErrorCorrectionLevel) {
        let capacity = SymbolVersion(number: version).byteCapacity(at: level)
        #expect(SymbolVersion.smallest(holding: capacity, at: level)?.number == version)
        #expect(SymbolVersion.smallest(holding: capacity + 1, at: level)?.number == version + 1)
    }

    @Test(arguments: ErrorCorrectionLevel.allCases)
    func nothingHoldsMoreThanVersion40(level: ErrorCorrectionLevel) {
        let capacity = SymbolVersion(number: 40).byteCapacity(at: level)
        #expect(SymbolVersion.smallest(holding: capacity, at: level)?.number == 40)
        #expect(SymbolVersion.smallest(holding: capacity + 1, at: level) == nil)
        #expect(SymbolVersion.smallest(holding: 0, at: level)?.number == 1)
    }

    /// Annex E: the first centre is 6, the last is 7 from the far edge, and from the second on
    /// the centres are evenly spaced by an even step.
    @Test func alignmentCentresAreEvenlySpaced() {
        #expect(SymbolVersion(number: 1).alignmentPatternCenters.isEmpty)
        #expect(SymbolVersion(number: 7).alignmentPatternCenters == [6, 22, 38])
        #expect(SymbolVersion(number: 32).alignmentPatternCenters == [6, 34, 60, 86, 112, 138])
        for version in SymbolVersion.all.dropFirst() {
            let centers = version.alignmentPatternCenters
            #expect(centers.count == version.number / 7 + 2, "version \(version.number)")
            #expect(centers.first == 6)
            #expect(centers.last == version.size - 7)
            let steps = zip(centers.dropFirst(), centers).map { $0 - $1 }
            #expect(Set(steps.dropFirst()).count <= 1, "version \(version.number)")
            #expect(steps.dropFirst().allSatisfy { $0 % 2 == 0 }, "version \(version.number)")
        }
    }

    @Test func characterCountIndicatorGrowsAtVersion10() {
        #expect(SymbolVersion(number: 9).characterCountBits == 8)
        #expect(SymbolVersion(number: 10).characterCountBits == 16)
        #expect(SymbolVersion(number: 40).characterCountBits == 16)
    }
}
