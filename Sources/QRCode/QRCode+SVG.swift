import MarkupText

extension QRCode {
    /// The symbol as a standalone SVG document: a white background covering the quiet zone and
    /// one black `<path>` of the dark modules (horizontal runs merged), drawn with
    /// `shape-rendering="crispEdges"`, `role="img"` and an `aria-label` naming the text.
    /// The drawing is `(size + 2 × quietZone) × moduleSize` pixels square.
    public func svg(moduleSize: Int = 8, quietZone: Int = 4) -> String {
        precondition(moduleSize > 0, "moduleSize must be positive")
        precondition(quietZone >= 0, "quietZone must not be negative")
        let side = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, self[x, y] { x += 1 }
                let run = x - start
                path += "M\(start + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
            }
        }
        let pixels = side * moduleSize
        let label = MarkupText.escaped("Código QR: \(text)")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img" aria-label="\(label)">\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>
            """
    }
}
