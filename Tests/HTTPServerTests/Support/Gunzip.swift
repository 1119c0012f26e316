import CZlib

/// zlib's inflate (windowBits 31: gzip only), independent of the server's `Gzip`, so a round
/// trip proves the bytes are real gzip and not just what our own code expects.
enum Gunzip {
    /// The decompressed bytes, or nil when `bytes` is not one complete gzip member.
    static func decompress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
            stream.avail_in = uInt(input.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: out[..<(out.count - Int(stream.avail_out))])
                }
            } while status == Z_OK
        }
        return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
    }
}
