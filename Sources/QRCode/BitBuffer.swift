/// A growing sequence of bits, most significant bit first, packed into codewords at the end.
struct BitBuffer: Sendable {
    /// The bits so far.
    private(set) var bits: [Bool] = []

    /// Number of bits so far.
    var count: Int { bits.count }

    /// Appends the low `length` bits of `value`, most significant first.
    mutating func append(_ value: Int, length: Int) {
        precondition((0...31).contains(length) && value >> length == 0, "value wider than length")
        for shift in stride(from: length - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes; the count must be a multiple of 8.
    var bytes: [UInt8] {
        precondition(count % 8 == 0, "bits must fill whole bytes")
        return stride(from: 0, to: count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
