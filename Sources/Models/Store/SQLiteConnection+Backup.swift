import CSQLite
import Foundation

/// What makes the database file the whole database: the checkpoint that moves the WAL into it,
/// and a consistent copy made with SQLite's online backup API.
extension SQLiteConnection {
    /// Moves every committed page of the `-wal` file into the database file and empties the
    /// `-wal` (`TRUNCATE`), so that the `.sqlite` file alone holds everything.
    func checkpoint() throws(StoreError) {
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard code == SQLITE_OK else { throw Self.error(code: code, connection: handle) }
    }

    /// Writes one consistent copy of the database to `path` (SQLite's online backup API, while
    /// others may go on writing): first beside it, then moved over it, so a copy is never half
    /// written. The copy is a plain single file (rollback journal, no `-wal`).
    func backup(to path: String) throws(StoreError) {
        let partial = path + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(partial, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let destination = opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw .cannotOpen(path: path, reason: reason)
        }
        do throws(StoreError) {
            try Self.copy(from: handle, to: destination)
            var message: UnsafeMutablePointer<CChar>?
            let journal = sqlite3_exec(destination, "PRAGMA journal_mode=DELETE", nil, nil, &message)
            sqlite3_free(message)
            guard journal == SQLITE_OK else { throw Self.error(code: journal, connection: destination) }
        } catch {
            sqlite3_close_v2(destination)
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        sqlite3_close_v2(destination)
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw .cannotOpen(path: path, reason: reason)
        }
    }

    /// Copies every page of `source`'s main database into `destination`'s.
    private static func copy(from source: OpaquePointer, to destination: OpaquePointer) throws(StoreError) {
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw error(code: sqlite3_errcode(destination), connection: destination)
        }
        var step = sqlite3_backup_step(backup, -1)
        while step == SQLITE_BUSY || step == SQLITE_LOCKED {
            sqlite3_sleep(50)
            step = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finish == SQLITE_OK else {
            throw error(code: finish == SQLITE_OK ? step : finish, connection: destination)
        }
    }
}
