import CSQLite
import Foundation

/// One open SQLite database: set up for durability (WAL, `synchronous=NORMAL`, busy timeout),
/// with cached prepared statements, transactions and `user_version` migrations.
///
/// Not thread-safe by itself: `Store` keeps it behind a mutex.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// How long a writer waits for another process's lock before `StoreError.busy`.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (creating if needed) the database at `path` and configures it.
    init(path: String) throws(StoreError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw .cannotOpen(path: path, reason: reason)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        do throws(StoreError) {
            // WAL: a commit is one append to the -wal file, readers never block the writer, and a
            // process killed at any instant leaves either the whole transaction or none of it.
            let mode = try scalarText("PRAGMA journal_mode=WAL")
            guard mode?.lowercased() == "wal" else {
                throw StoreError.cannotOpen(path: path, reason: "no admite el modo WAL (\(mode ?? "?"))")
            }
            // NORMAL in WAL mode: a committed transaction is in the -wal file (the OS's page
            // cache) before COMMIT returns, so it survives the process being killed; only a power
            // cut or kernel crash can lose the last commits, and never corrupts the file. The
            // record is a game score: that trade for fast commits (no fsync each) is right.
            try execute("PRAGMA synchronous=NORMAL")
            try execute("PRAGMA foreign_keys=ON")
        } catch {
            statements = [:]
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without parameters (pragmas, schema).
    func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            if code & 0xFF == SQLITE_BUSY { throw .busy }
            throw .sqlite(code: code, message: message.map { String(cString: $0) } ?? Self.describe(code))
        }
    }

    /// Runs a cached prepared statement with `values` bound, handing each row to `row`.
    func run(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) -> Void = { _ in }) throws(StoreError) {
        try statement(sql).run(values, row: row)
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int {
        Int(sqlite3_changes(handle))
    }

    /// The row id of the last row inserted.
    var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed if it returns, rolled back if
    /// it throws. Immediate so that the write lock is taken up front (waiting out the busy
    /// timeout) rather than failing half way when a read upgrades to a write.
    func transaction<Value>(_ body: (SQLiteConnection) throws(StoreError) -> Value) throws(StoreError) -> Value {
        try execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            let value = try body(self)
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version the file is at.
    func userVersion() throws(StoreError) -> Int {
        var version = 0
        try run("PRAGMA user_version") { version = Int($0.integer(0)) }
        return version
    }

    /// Applies, in one transaction, every step of `migrations` above the file's `user_version`.
    func migrate(_ migrations: [Migration]) throws(StoreError) {
        let supported = migrations.map(\.version).max() ?? 0
        try transaction { connection throws(StoreError) in
            let current = try connection.userVersion()
            guard current <= supported else { throw StoreError.schemaTooNew(found: current, supported: supported) }
            for step in migrations.sorted(by: { $0.version < $1.version }) where step.version > current {
                for sql in step.statements { try connection.execute(sql) }
                try connection.execute("PRAGMA user_version = \(step.version)")
            }
            // A step that copies rows into tables with foreign keys must leave none dangling.
            var violations = 0
            try connection.run("PRAGMA foreign_key_check") { _ in violations += 1 }
            guard violations == 0 else {
                throw StoreError.sqlite(code: 787, message: "la migración deja \(violations) referencias rotas")
            }
        }
    }

    /// `PRAGMA integrity_check`'s verdict: "ok" when the file is sound.
    func integrityCheck() throws(StoreError) -> String {
        var lines: [String] = []
        try run("PRAGMA integrity_check") { lines.append($0.text(0) ?? "") }
        return lines.joined(separator: "\n")
    }

    private func scalarText(_ sql: String) throws(StoreError) -> String? {
        var value: String?
        try run(sql) { value = $0.text(0) }
        return value
    }

    private func statement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw Self.error(code: code, connection: handle) }
        let statement = SQLiteStatement(handle: prepared, connection: handle)
        statements[sql] = statement
        return statement
    }

    static func error(code: Int32, connection: OpaquePointer) -> StoreError {
        if code & 0xFF == SQLITE_BUSY { return .busy }
        return .sqlite(code: code, message: String(cString: sqlite3_errmsg(connection)))
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }
}
