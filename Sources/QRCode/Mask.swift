/// The eight data mask patterns (ISO/IEC 18004 §7.8.2, table 10). A data module is inverted
/// where the pattern's condition holds for its row i and column j.
enum Mask: Int, Sendable, CaseIterable {
    case pattern0 = 0, pattern1, pattern2, pattern3, pattern4, pattern5, pattern6, pattern7

    /// Whether the module at column `x`, row `y` is inverted.
    func inverts(x j: Int, y i: Int) -> Bool {
        switch self {
        case .pattern0: (i + j) % 2 == 0
        case .pattern1: i % 2 == 0
        case .pattern2: j % 3 == 0
        case .pattern3: (i + j) % 3 == 0
        case .pattern4: (i / 2 + j / 3) % 2 == 0
        case .pattern5: (i * j) % 2 + (i * j) % 3 == 0
        case .pattern6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        case .pattern7: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
