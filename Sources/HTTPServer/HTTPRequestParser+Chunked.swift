/// The chunked transfer coding (RFC 9112 §7.1): chunk sizes, chunk data, the last chunk and its
/// trailer section (checked, then dropped).
extension HTTPRequestParser {
    /// Decodes a chunked body that has wholly arrived in `bytes` (or not yet).
    func parseChunked(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> BodyResult {
        var progress = ChunkedProgress()
        return decodeChunked(bytes, limit: limit, progress: &progress)
    }

    /// Where an unfinished chunked body stands: the decoded bytes so far and the input offset of
    /// the first chunk not yet decoded. Keeping it between reads makes decoding linear however
    /// the body is split.
    struct ChunkedProgress {
        var body: [UInt8] = []
        var position = 0
    }

    /// Decodes whole chunks from `progress.position` on, appending them to `progress.body`.
    func decodeChunked(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, progress: inout ChunkedProgress) -> BodyResult {
        while true {
            let position = progress.position
            guard let lineFeed = HTTPBytes.firstIndex(of: .lf, in: bytes, from: position) else {
                return bytes.count - position > 4096
                    ? .failure(.badRequest("chunk size line too long")) : .incomplete
            }
            guard lineFeed > position, bytes[lineFeed - 1] == .cr else {
                return .failure(.badRequest("chunk size line not ended by CRLF"))
            }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<(lineFeed - 1)])
            guard let size = Self.parseChunkSize(line) else {
                return .failure(.badRequest("invalid chunk size"))
            }
            if size > limit - progress.body.count { return .failure(.contentTooLarge) }
            let dataStart = lineFeed + 1
            if size == 0 {
                return parseTrailers(bytes, from: dataStart, body: progress.body)
            }
            guard bytes.count >= dataStart + size + 2 else { return .incomplete }
            guard bytes[dataStart + size] == .cr, bytes[dataStart + size + 1] == .lf else {
                return .failure(.badRequest("chunk data not followed by CRLF"))
            }
            progress.body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[dataStart..<(dataStart + size)]))
            progress.position = dataStart + size + 2
        }
    }

    /// Hex digits, then optional whitespace and `;extensions` (checked for control bytes, ignored).
    private static func parseChunkSize(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var size = 0
        var index = 0
        while index < line.count, let digit = HTTPBytes.hexValue(line[index]) {
            guard index < 15 else { return nil }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count, line[index] == .space || line[index] == .tab { index += 1 }
        if index < line.count {
            guard line[index] == UInt8(ascii: ";") else { return nil }
            for byte in line[index...] where (byte < 0x20 && byte != .tab) || byte == 0x7F { return nil }
        }
        return size
    }

    private func parseTrailers(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, body: [UInt8]) -> BodyResult {
        var position = start
        var fields = 0
        while true {
            guard let lineFeed = HTTPBytes.firstIndex(of: .lf, in: bytes, from: position) else {
                return bytes.count - start > limits.maxHeadBytes
                    ? .failure(.headerFieldsTooLarge("trailer section too large")) : .incomplete
            }
            guard lineFeed > position, bytes[lineFeed - 1] == .cr else {
                return .failure(.badRequest("trailer line not ended by CRLF"))
            }
            if lineFeed - 1 == position { return .complete(body: body, length: lineFeed + 1) }
            fields += 1
            if fields > limits.maxHeaderFields || lineFeed - start > limits.maxHeadBytes {
                return .failure(.headerFieldsTooLarge("trailer section too large"))
            }
            if case .failure(let error) = Self.parseField(UnsafeBufferPointer(rebasing: bytes[position..<(lineFeed - 1)])) {
                return .failure(error)
            }
            position = lineFeed + 1
        }
    }
}
