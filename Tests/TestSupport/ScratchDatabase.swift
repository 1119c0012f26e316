import Foundation

/// A SQLite file's place in the temporary directory for one test: held by the suite's instance,
/// it removes the file and its `-wal` and `-shm` companions when that instance goes, after the
/// test.
public final class ScratchDatabase: Sendable {
    /// Where the database is (nothing is created there).
    public let path: String

    /// A new place named `<name>-<UUID>.sqlite`.
    public init(_ name: String) {
        path = TestFiles.scratch(name, suffix: ".sqlite").path
    }

    deinit {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
