import CSQLite

/// A value bound to a statement parameter or read from a column.
enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A prepared statement owned by its `SQLiteConnection`, which caches and finalizes it.
final class SQLiteStatement {
    let handle: OpaquePointer
    private let connection: OpaquePointer

    init(handle: OpaquePointer, connection: OpaquePointer) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to `?1…?n`, runs the statement to the end and hands each row to `row`.
    func run(_ values: [SQLiteValue], row: (SQLiteRow) -> Void = { _ in }) throws(StoreError) {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(values)
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW:
                row(SQLiteRow(handle: handle))
            case SQLITE_DONE:
                return
            default:
                throw SQLiteConnection.error(code: code, connection: connection)
            }
        }
    }

    private func bind(_ values: [SQLiteValue]) throws(StoreError) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, index, $0.baseAddress, UInt64($0.count), transient) }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw SQLiteConnection.error(code: code, connection: connection) }
        }
    }
}

/// The current row of a running statement; valid only inside the `run` callback.
struct SQLiteRow {
    let handle: OpaquePointer

    /// Column `index` as an integer (0 for NULL).
    func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as a floating-point number (0 for NULL).
    func real(_ index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as bytes (empty for NULL).
    func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Column `index` as text, nil for NULL.
    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: bytes)
    }
}
