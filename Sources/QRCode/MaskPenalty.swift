/// Scores a masked symbol by the four rules of ISO/IEC 18004 §7.8.3 (table 11); the encoder
/// keeps the mask with the lowest total. Modules outside the symbol count as light (they are the
/// quiet zone).
enum MaskPenalty {
    /// N1: a run of five same-colour modules in a row or column scores 3, plus 1 per extra module.
    static let runWeight = 3
    /// N2: each 2×2 block of one colour scores 3.
    static let blockWeight = 3
    /// N3: each 1:1:3:1:1 finder-like pattern with four light modules on one side scores 40.
    static let finderLikeWeight = 40
    /// N4: each 5 % step of the dark share away from 50 % scores 10.
    static let balanceWeight = 10

    /// The sum of the four rules.
    static func total(_ matrix: ModuleMatrix) -> Int {
        runs(matrix) + blocks(matrix) + finderLikePatterns(matrix) + balance(matrix)
    }

    /// Rule 1: adjacent modules of one colour in a row or column, runs of 5 or more.
    static func runs(_ matrix: ModuleMatrix) -> Int {
        lines(of: matrix).reduce(0) { sum, line in
            var score = 0
            var runLength = 0
            for (index, isDark) in line.enumerated() {
                runLength = index > 0 && line[index - 1] == isDark ? runLength + 1 : 1
                if runLength == 5 { score += runWeight } else if runLength > 5 { score += 1 }
            }
            return sum + score
        }
    }

    /// Rule 2: 2×2 blocks of one colour, overlapping blocks counted each (an m×n block scores
    /// 3 × (m − 1) × (n − 1)).
    static func blocks(_ matrix: ModuleMatrix) -> Int {
        var count = 0
        for y in 0..<(matrix.size - 1) {
            for x in 0..<(matrix.size - 1) {
                let colour = matrix[x, y]
                if matrix[x + 1, y] == colour, matrix[x, y + 1] == colour, matrix[x + 1, y + 1] == colour {
                    count += 1
                }
            }
        }
        return count * blockWeight
    }

    /// Rule 3: dark-light-dark-dark-dark-light-dark in a row or column with four light modules
    /// before it or after it (each side that has them counts once).
    static func finderLikePatterns(_ matrix: ModuleMatrix) -> Int {
        // The last 11 modules read, as bits (dark = 1), the oldest highest.
        let lightThenCore = 0b0000_1011101
        let coreThenLight = 0b1011101_0000
        var count = 0
        for line in lines(of: matrix) {
            var window = 0
            let padding = [Bool](repeating: false, count: 4)
            for isDark in padding + line + padding {
                window = (window << 1 | (isDark ? 1 : 0)) & 0b111_1111_1111
                if window == lightThenCore || window == coreThenLight { count += 1 }
            }
        }
        return count * finderLikeWeight
    }

    /// Rule 4: 10 points for each whole 5 % the dark share deviates from 50 %.
    static func balance(_ matrix: ModuleMatrix) -> Int {
        let total = matrix.size * matrix.size
        var darkCount = 0
        for y in 0..<matrix.size {
            for x in 0..<matrix.size where matrix[x, y] { darkCount += 1 }
        }
        // |dark/total − 1/2| / 5 %  =  |20 · dark − 10 · total| / total
        let steps = abs(20 * darkCount - 10 * total) / total
        return steps * balanceWeight
    }

    /// Every row, then every column, as arrays of dark flags.
    private static func lines(of matrix: ModuleMatrix) -> [[Bool]] {
        let range = 0..<matrix.size
        return range.map { y in range.map { x in matrix[x, y] } }
            + range.map { x in range.map { y in matrix[x, y] } }
    }
}
