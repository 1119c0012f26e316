import Testing

@testable import QRCode

/// The four penalty rules on small hand-made matrices ("#" dark, "." light).
@Suite struct MaskPenaltyTests {
    private let checkerboard = ModuleMatrix(rows: [
        "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#",
    ])

    @Test func checkerboardScoresNothing() {
        #expect(MaskPenalty.runs(checkerboard) == 0)
        #expect(MaskPenalty.blocks(checkerboard) == 0)
        #expect(MaskPenalty.finderLikePatterns(checkerboard) == 0)
        #expect(MaskPenalty.balance(checkerboard) == 0)
        #expect(MaskPenalty.total(checkerboard) == 0)
    }

    @Test func runsOfFiveScoreThreePlusOnePerExtraModule() {
        let five = ModuleMatrix(rows: ["#####.", ".#.#.#", "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#"])
        #expect(MaskPenalty.runs(five) == 3)
        let six = ModuleMatrix(rows: ["######", ".#.#.#", "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#"])
        #expect(MaskPenalty.runs(six) == 4)
        let four = ModuleMatrix(rows: ["####.#", ".#.#.#", "#.#.#.", ".#.#.#", "#.#.#.", ".#.#.#"])
        #expect(MaskPenalty.runs(four) == 0)
        // A light column run of five (column 0, rows 1…5) counts the same as a dark one.
        let column = ModuleMatrix(rows: ["#.#.#.", "..#.#.", ".#.#.#", "..#.#.", ".#.#.#", "..#.#."])
        #expect(MaskPenalty.runs(column) == 3)
    }

    @Test func blocksCountEveryTwoByTwo() {
        // A 3×3 dark block holds four 2×2 blocks: 3 × (3 − 1) × (3 − 1) = 12.
        let square = ModuleMatrix(rows: ["###.", "###.", "###.", "...#"])
        #expect(MaskPenalty.blocks(square) == 12)
        // Light blocks count too.
        let light = ModuleMatrix(rows: ["..#", "..#", "##."])
        #expect(MaskPenalty.blocks(light) == 3)
    }

    @Test func finderLikePatternNeedsFourLightModulesOnOneSide() {
        // 1:1:3:1:1 then four light modules: counts once (only one light module before it).
        var rows = [String](repeating: String(repeating: ".", count: 13), count: 13)
        rows[6] = "#.#.###.#...."
        #expect(MaskPenalty.finderLikePatterns(ModuleMatrix(rows: rows)) == 40)
        // Four light before it, and the quiet zone after it: counts for both sides.
        rows[6] = "......#.###.#"
        #expect(MaskPenalty.finderLikePatterns(ModuleMatrix(rows: rows)) == 80)
        // Dark modules close on both sides: no pattern.
        rows[6] = "#.#.###.#.#.."
        #expect(MaskPenalty.finderLikePatterns(ModuleMatrix(rows: rows)) == 0)
    }

    @Test func balanceScoresTenPerWholeFivePercent() {
        func matrix(darkModules: Int) -> ModuleMatrix {
            let flat = String(repeating: "#", count: darkModules) + String(repeating: ".", count: 100 - darkModules)
            return ModuleMatrix(rows: (0..<10).map { row in
                String(flat.dropFirst(row * 10).prefix(10))
            })
        }
        #expect(MaskPenalty.balance(matrix(darkModules: 50)) == 0)
        #expect(MaskPenalty.balance(matrix(darkModules: 54)) == 0)
        #expect(MaskPenalty.balance(matrix(darkModules: 46)) == 0)
        #expect(MaskPenalty.balance(matrix(darkModules: 55)) == 10)
        #expect(MaskPenalty.balance(matrix(darkModules: 61)) == 20)
        #expect(MaskPenalty.balance(matrix(darkModules: 39)) == 20)
        #expect(MaskPenalty.balance(matrix(darkModules: 100)) == 100)
        #expect(MaskPenalty.balance(matrix(darkModules: 0)) == 100)
    }

    @Test func allDarkSquare() {
        let dark = ModuleMatrix(rows: [String](repeating: "#####", count: 5))
        #expect(MaskPenalty.runs(dark) == 30)
        #expect(MaskPenalty.blocks(dark) == 48)
        #expect(MaskPenalty.balance(dark) == 100)
        #expect(MaskPenalty.total(dark) == 178)
    }
}
