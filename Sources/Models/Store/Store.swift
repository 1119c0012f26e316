import Foundation
import Synchronization

/// Adivina's local database: one SQLite file in the data directory, brought up to
/// `StoreSchema` when opened, safe to share between models and threads.
///
/// Each call takes the connection's lock for the few microseconds its statements need; every
/// change runs in its own transaction.
public final class Store: Sendable {
    /// The database file's name inside the data directory.
    public static let fileName = "adivina.sqlite"

    /// The file's path.
    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// Opens (creating the directory and the file if needed) `directory/adivina.sqlite`, once
    /// the directory is shown to take a file (`cannotWrite` otherwise: read-only, full).
    public convenience init(directory: URL) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: error.localizedDescription)
        }
        try Self.checkWritable(directory)
        try self.init(path: directory.appendingPathComponent(Self.fileName).path)
    }

    /// Writes and removes a small file in `directory`; `cannotWrite`, with the cause in Spanish,
    /// when it cannot.
    static func checkWritable(_ directory: URL) throws(StoreError) {
        let probe = directory.appendingPathComponent(".adivina-escritura")
        do {
            try Data(repeating: 0x2E, count: 4096).write(to: probe)
            try FileManager.default.removeItem(at: probe)
        } catch {
            try? FileManager.default.removeItem(at: probe)
            throw .cannotWrite(path: directory.path, reason: Self.cause(of: error))
        }
    }

    /// The cause of a failed write, in Spanish, from Foundation's error or its POSIX error.
    private static func cause(of error: Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileWriteVolumeReadOnly?: return "es de solo lectura"
        case .fileWriteOutOfSpace?: return "el disco está lleno"
        case .fileWriteNoPermission?: return "no hay permiso para escribir en ella"
        default: break
        }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let code = underlying?.domain == NSPOSIXErrorDomain ? underlying?.code : (error as? POSIXError).map { Int($0.code.rawValue) }
        switch code.flatMap({ POSIXErrorCode(rawValue: Int32($0)) }) {
        case .EROFS: return "es de solo lectura"
        case .ENOSPC, .EDQUOT: return "el disco está lleno"
        case .EACCES, .EPERM: return "no hay permiso para escribir en ella"
        default: return error.localizedDescription
        }
    }

    /// Opens the database at `path` and applies `migrations` (the app's schema by default). A
    /// file that is there (not empty) but cannot be read is refused with `cannotRead`, never
    /// replaced by an empty database.
    public init(path: String, migrations: [Migration] = StoreSchema.migrations) throws(StoreError) {
        let opened: SQLiteConnection
        do throws(StoreError) {
            opened = try SQLiteConnection(path: path)
            try opened.migrate(migrations)
        } catch {
            switch error {
            case .busy, .schemaTooNew: throw error
            default: break
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular, (attributes?[.size] as? Int ?? 0) > 0 else {
                throw error
            }
            throw .cannotRead(path: path, reason: error.reason)
        }
        self.path = path
        connection = Mutex(opened)
        Self.keepPrivate(path)
    }

    /// Makes the database file and its `-wal` and `-shm` readable and writable by their owner
    /// alone (0600): they hold the class's session tokens and rejoin codes. SQLite gives the
    /// `-wal` and `-shm` it creates later the database file's mode.
    static func keepPrivate(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
    }

    /// Moves the `-wal` file's pages into the database file and empties it: afterwards the
    /// `.sqlite` file alone holds everything (the app does it every few minutes and on a clean
    /// stop).
    public func checkpoint() throws(StoreError) {
        try connection.withLock { connection throws(StoreError) in try connection.checkpoint() }
    }

    /// Writes one consistent copy of the database to `path` (a single file), while the app
    /// may go on using it.
    public func backup(to path: String) throws(StoreError) {
        try connection.withLock { connection throws(StoreError) in try connection.backup(to: path) }
        Self.keepPrivate(path)
    }

    /// The default data directory. On Linux `$XDG_DATA_HOME/adivina`, else
    /// `~/.local/share/adivina` (the XDG base directories); on a Mac
    /// `~/Library/Application Support/Adivina`, where macOS apps keep their data.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment, system: HostSystem = .current
    ) -> URL {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        switch system {
        case .darwin:
            return home.appendingPathComponent("Library/Application Support/Adivina", isDirectory: true)
        case .linux:
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("adivina", isDirectory: true)
            }
            return home.appendingPathComponent(".local/share/adivina", isDirectory: true)
        }
    }

    /// The schema version the file is at.
    public func schemaVersion() throws(StoreError) -> Int {
        try connection.withLock { connection throws(StoreError) in try connection.userVersion() }
    }

    /// SQLite's own check of the file: "ok" when it is sound.
    public func integrityCheck() throws(StoreError) -> String {
        try connection.withLock { connection throws(StoreError) in try connection.integrityCheck() }
    }

    /// Runs `body` with the connection, outside any explicit transaction (for reads).
    func read<Value: Sendable>(_ body: @Sendable (SQLiteConnection) throws(StoreError) -> Value) throws(StoreError) -> Value {
        try connection.withLock { connection throws(StoreError) in try body(connection) }
    }

    /// Runs `body` inside one transaction: all of its changes are kept, or none.
    func write<Value: Sendable>(_ body: @Sendable (SQLiteConnection) throws(StoreError) -> Value) throws(StoreError) -> Value {
        try connection.withLock { connection throws(StoreError) in try connection.transaction(body) }
    }
}
