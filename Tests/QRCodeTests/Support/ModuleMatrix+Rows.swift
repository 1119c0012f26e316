@testable import QRCode

extension ModuleMatrix {
    /// A square matrix drawn as text: "#" is dark, anything else light.
    init(rows: [String]) {
        self.init(size: rows.count)
        for (y, row) in rows.enumerated() {
            precondition(row.count == size, "the matrix must be square")
            for (x, character) in row.enumerated() where character == "#" { dark[y * size + x] = true }
        }
    }
}
