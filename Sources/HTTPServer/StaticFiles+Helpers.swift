import CEventLoop

/// The static file server's small helpers: the HTTP date, real paths, the ETag hash and the
/// default report.
extension StaticFiles {
    /// The 64-bit FNV-1a hash of `bytes` (an expanded page's ETag: it changes with its bytes).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    /// Writes `line` and a newline on standard error (the default `report`).
    public static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { cel_write(2, $0.baseAddress, $0.count) }
    }

    /// `seconds` since 1970 as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate(_ seconds: Int64) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            cel_format_http_date(seconds, buffer.baseAddress!)
            return String(cString: buffer.baseAddress!)
        }
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = cel_realpath(path) else { return nil }
        defer { cel_free(resolved) }
        return String(cString: resolved)
    }
}
