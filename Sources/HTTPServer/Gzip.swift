import CZlib

/// gzip (RFC 1952) through the system's zlib: `deflateInit2` with `windowBits` 31 (15 + 16, the
/// gzip wrapper instead of zlib's).
enum Gzip {
    /// The level the static file server uses. On WebRoot's 77 text files 9 gives 122,345 bytes
    /// against 6's 122,424 for ~20 % more time (css/ios.css, the largest, 33 KB: 0.63 ms against
    /// 0.53 ms); each file is compressed once, so the smaller result wins (docs/benchmarks.md).
    static let defaultLevel: Int32 = 9

    /// `bytes` as one gzip member, or nil when zlib fails (it only does when out of memory).
    static func compress(_ bytes: [UInt8], level: Int32 = defaultLevel) -> [UInt8]? {
        var stream = z_stream()
        let initialized = deflateInit2_(
            &stream, level, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            bytes.withUnsafeBufferPointer { input in
                // zlib's `next_in` is not const-qualified, but deflate only reads through it.
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                // deflateBound guarantees one Z_FINISH call is enough.
                failed = deflate(&stream, Z_FINISH) != Z_STREAM_END
            }
            count = failed ? 0 : Int(stream.total_out)
        }
        return failed ? nil : output
    }
}
