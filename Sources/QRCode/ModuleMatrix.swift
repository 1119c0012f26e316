/// The grid of modules while a symbol is built: which are dark, and which belong to function
/// patterns (finders, separators, timing, alignment, format and version information, the dark
/// module) and so are neither data nor masked. Coordinates are (x: column, y: row) from the top
/// left.
struct ModuleMatrix: Sendable, Equatable {
    /// Modules per side.
    let size: Int
    /// Dark modules, row by row.
    var dark: [Bool]
    /// Function-pattern modules, row by row.
    private(set) var reserved: [Bool]

    /// An all-light matrix with no function patterns.
    init(size: Int) {
        self.size = size
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
    }

    /// Whether the module at (x, y) is dark.
    subscript(x: Int, y: Int) -> Bool {
        dark[y * size + x]
    }

    /// Whether the module at (x, y) belongs to a function pattern.
    func isReserved(x: Int, y: Int) -> Bool {
        reserved[y * size + x]
    }

    /// Sets a function-pattern module.
    private mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    // MARK: Function patterns

    /// The matrix of `version` with every function pattern drawn and the format information
    /// area reserved (it is written per mask by `drawFormatInformation`).
    static func withFunctionPatterns(for version: SymbolVersion) -> ModuleMatrix {
        var matrix = ModuleMatrix(size: version.size)
        let far = version.size - 7
        for (x, y) in [(0, 0), (far, 0), (0, far)] { matrix.drawFinder(left: x, top: y) }
        for index in 8..<(version.size - 8) {
            matrix.setFunction(x: index, y: 6, dark: index % 2 == 0)
            matrix.setFunction(x: 6, y: index, dark: index % 2 == 0)
        }
        let centers = version.alignmentPatternCenters
        for cy in centers {
            for cx in centers {
                let overlapsFinder =
                    (cx == 6 && cy == 6) || (cx == 6 && cy == centers.last) || (cx == centers.last && cy == 6)
                if !overlapsFinder { matrix.drawAlignment(centerX: cx, centerY: cy) }
            }
        }
        // Reserve the format information area now; the dark module sits beside it.
        matrix.drawFormatInformation(0)
        matrix.setFunction(x: 8, y: version.size - 8, dark: true)
        if version.hasVersionInformation { matrix.drawVersionInformation(version) }
        return matrix
    }

    /// A 7×7 finder pattern with its light separator (clipped at the symbol's edges).
    private mutating func drawFinder(left: Int, top: Int) {
        for dy in -1...7 {
            for dx in -1...7 {
                let x = left + dx, y = top + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx - 3), abs(dy - 3))
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Writes the 15 format bits (bit 14 first in reading order) in both copies: around the top
    /// left finder, and split between the bottom left and top right finders.
    mutating func drawFormatInformation(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        // Copy 1: bits 0–5 down column 8, 6–8 around the corner, 9–14 leftwards along row 8.
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9...14 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
        // Copy 2: bits 0–7 along row 8 from the right edge, 8–14 down column 8 to the bottom.
        for index in 0...7 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8...14 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
    }

    /// Writes the 18 version bits in both 6×3 blocks: above the bottom left finder and (its
    /// transpose) left of the top right finder, bit 0 nearest the corner.
    private mutating func drawVersionInformation(_ version: SymbolVersion) {
        let bits = FormatInformation.versionBits(version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let near = index / 3, across = size - 11 + index % 3
            setFunction(x: near, y: across, dark: isDark)
            setFunction(x: across, y: near, dark: isDark)
        }
    }

    // MARK: Data

    /// Places `codewords` (most significant bit first) into the non-reserved modules: in
    /// two-module-wide columns from the right edge, upwards then downwards in turn, skipping the
    /// vertical timing column; modules left over (remainder bits) stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isReserved(x: x, y: y) {
                    if bitIndex < bitCount {
                        let byte = codewords[bitIndex / 8]
                        dark[y * size + x] = (byte >> (7 - bitIndex % 8)) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            upward.toggle()
            right -= 2
        }
        precondition(bitIndex == bitCount, "codewords must fit the data modules")
    }

    /// Inverts every data module where `mask`'s condition holds.
    mutating func apply(_ mask: Mask) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && mask.inverts(x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }
}
