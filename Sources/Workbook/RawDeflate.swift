import CZlib

/// Raw deflate (RFC 1951, no zlib or gzip wrapper: what a zip entry holds) through the system's
/// zlib at its default level.
enum RawDeflate {
    /// `bytes` deflated, or nil when zlib fails (it only does when out of memory).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // A negative windowBits asks for raw deflate.
        let started = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
            bytes.withUnsafeBufferPointer { input in
                // deflate only reads through `next_in`, which zlib declares without const.
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                // deflateBound makes one Z_FINISH enough.
                finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
            }
            written = finished ? Int(stream.total_out) : 0
        }
        return finished ? output : nil
    }
}
