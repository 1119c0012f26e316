import Testing

@testable import QRCode

/// The function patterns and the data placement.
@Suite struct ModuleMatrixTests {
    /// For every version, the modules left for data equal the count the codeword tables rely on.
    @Test func functionPatternsLeaveTheDataModules() {
        for version in SymbolVersion.all {
            let matrix = ModuleMatrix.withFunctionPatterns(for: version)
            var free = 0
            for y in 0..<version.size {
                for x in 0..<version.size where !matrix.isReserved(x: x, y: y) { free += 1 }
            }
            #expect(free == version.dataModuleCount, "version \(version.number)")
        }
    }

    @Test func version1HasFindersTimingAndTheDarkModule() {
        let matrix = ModuleMatrix.withFunctionPatterns(for: SymbolVersion(number: 1))
        let finder = [
            "#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######",
        ]
        for (left, top) in [(0, 0), (14, 0), (0, 14)] {
            for (dy, row) in finder.enumerated() {
                for (dx, character) in row.enumerated() {
                    #expect(matrix[left + dx, top + dy] == (character == "#"), "finder at \(left),\(top)")
                }
            }
        }
        // Separators are light; timing alternates, dark on even coordinates.
        #expect(!matrix[7, 0] && !matrix[0, 7] && !matrix[13, 7] && !matrix[7, 13])
        #expect((8...12).map { matrix[$0, 6] } == [true, false, true, false, true])
        #expect((8...12).map { matrix[6, $0] } == [true, false, true, false, true])
        #expect(matrix[8, 13])
    }

    @Test func version7HasAlignmentAndVersionInformation() {
        let version = SymbolVersion(number: 7)
        let matrix = ModuleMatrix.withFunctionPatterns(for: version)
        // Alignment pattern centred at (22, 22): dark centre, light ring, dark ring.
        #expect(matrix[22, 22] && !matrix[21, 22] && matrix[20, 22] && matrix[24, 24])
        // Version information 000111110010010100, bit 0 (the last) at (size − 11, 0) and (0, size − 11).
        let bits = FormatInformation.versionBits(version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            #expect(matrix[version.size - 11 + index % 3, index / 3] == isDark)
            #expect(matrix[index / 3, version.size - 11 + index % 3] == isDark)
        }
    }

    /// Data bits go upwards from the bottom right corner, right module before left.
    @Test func dataPlacementStartsAtTheBottomRight() {
        var matrix = ModuleMatrix.withFunctionPatterns(for: SymbolVersion(number: 1))
        var codewords = [UInt8](repeating: 0, count: 26)
        codewords[0] = 0b1011_0000
        matrix.placeData(codewords)
        #expect(matrix[20, 20] && !matrix[19, 20] && matrix[20, 19] && matrix[19, 19])
        #expect(!matrix[20, 18])
    }
}
