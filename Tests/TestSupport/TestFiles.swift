import Foundation

/// Writes test files without `fsync`.
///
/// `Data.write(to:)` flushes every file to the disk before it returns; with builds writing
/// gigabytes beside the tests that wait can last seconds, on a thread of Swift's cooperative
/// pool. A test's scratch file needs no durability.
public enum TestFiles {
    /// Creates or replaces the file at `url` with `data`.
    public static func write(_ data: Data, to url: URL) throws {
        try TestSystem.writeWithoutSync(data, toFile: url.path)
    }

    /// A new, unique place in the temporary directory, `<name>-<UUID><suffix>` (nothing is
    /// created there): a test's scratch directory, database or file.
    public static func scratch(_ name: String, suffix: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)\(suffix)")
    }

    /// Creates or replaces the file at `url` with `text` in UTF-8.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
