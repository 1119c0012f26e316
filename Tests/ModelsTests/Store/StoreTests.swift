import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("Store: SQLite in the data directory, migrations, transactions, the quiz record")
struct StoreTests {
    private let directory = TestFiles.scratch("adivina-store")

    private var path: String { directory.appendingPathComponent(Store.fileName).path }

    private let first = Migration(version: 1, summary: "t", statements: ["CREATE TABLE t (n INTEGER PRIMARY KEY)"])
    private let second = Migration(version: 2, summary: "u", statements: ["CREATE TABLE u (n INTEGER)"])

    private func count(_ table: String, in store: Store) throws -> Int {
        try store.read { connection throws(StoreError) in
            var count = 0
            try connection.run("SELECT count(*) FROM \(table)") { count = Int($0.integer(0)) }
            return count
        }
    }

    @Test func createsTheDirectoryAndAWALDatabaseAtTheLatestSchema() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(directory: directory.appendingPathComponent("deeper", isDirectory: true))
        #expect(try store.schemaVersion() == StoreSchema.migrations.count)
        let settings = try store.read { connection throws(StoreError) in
            var journal = "", synchronous = -1
            try connection.run("PRAGMA journal_mode") { journal = $0.text(0) ?? "" }
            try connection.run("PRAGMA synchronous") { synchronous = Int($0.integer(0)) }
            return (journal, synchronous)
        }
        #expect(settings.0 == "wal")
        #expect(settings.1 == 1, "synchronous=NORMAL")
        #expect(try store.integrityCheck() == "ok")
        #expect(FileManager.default.fileExists(atPath: store.path))
    }

    /// The database holds the class's session tokens: its files are the owner's alone (0600),
    /// a file made before with wider rights too, and a backup copy.
    @Test func theFilesAreReadableByTheirOwnerAlone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let before = try Store(path: path)
        _ = try before.schemaVersion()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let store = try Store(path: path)
        let backup = directory.appendingPathComponent("copia.sqlite").path
        try store.backup(to: backup)
        for file in [path, path + "-wal", path + "-shm", backup] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func keepsTheRecordPerServerAcrossReopening() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try Store(directory: directory)
            let local = QuizIDStore(.record, store: store, key: "http://127.0.0.1:8080/standin/quiz")
            let remote = QuizIDStore(.record, store: store, key: "https://quiz.example")
            #expect(try local.add([3, 5]) == 2)
            #expect(try local.add([5, 8]) == 1, "5 was already there")
            #expect(try remote.add([5]) == 1, "the same id on another server counts apart")
        }
        let reopened = try Store(directory: directory)
        #expect(try QuizIDStore(.record, store: reopened, key: "http://127.0.0.1:8080/standin/quiz").quizIDs() == [3, 5, 8])
        #expect(try QuizIDStore(.record, store: reopened, key: "https://quiz.example").quizIDs() == [5])
        #expect(try QuizIDStore(.record, store: reopened, key: "https://other.example").quizIDs() == [])
    }

    @Test func rollsBackEveryChangeOfAFailedTransaction() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try Store(path: path, migrations: [first])
        #expect(throws: StoreError.self) {
            try store.write { connection throws(StoreError) in
                try connection.run("INSERT INTO t (n) VALUES (1)")
                try connection.run("INSERT INTO t (n) VALUES (1)")  // primary key clash
            }
        }
        #expect(try count("t", in: store) == 0)
        try store.write { connection throws(StoreError) in try connection.run("INSERT INTO t (n) VALUES (2)") }
        #expect(try count("t", in: store) == 1)
    }

    @Test func migratesAnOlderFileKeepingItsData() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let old = try Store(path: path, migrations: [first])
            try old.write { connection throws(StoreError) in try connection.run("INSERT INTO t (n) VALUES (7)") }
            #expect(try old.schemaVersion() == 1)
        }
        let new = try Store(path: path, migrations: [first, second])
        #expect(try new.schemaVersion() == 2)
        #expect(try count("t", in: new) == 1)
        #expect(try count("u", in: new) == 0)
    }

    @Test func leavesTheFileAsItWasWhenAMigrationFails() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try Store(path: path, migrations: [first])
        let broken = Migration(version: 2, summary: "bad", statements: ["CREATE TABLE v (n)", "NOT SQL AT ALL"])
        #expect(throws: StoreError.self) { try Store(path: path, migrations: [first, broken]) }
        let again = try Store(path: path, migrations: [first, second])
        #expect(try again.schemaVersion() == 2)
        #expect(throws: StoreError.self) { try count("v", in: again) }
    }

    @Test func refusesAFileFromANewerSchema() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try Store(path: path, migrations: [first, second])
        #expect(throws: StoreError.schemaTooNew(found: 2, supported: 1)) { try Store(path: path, migrations: [first]) }
    }

    @Test func reportsWhatCannotBeOpened() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let error = #expect(throws: StoreError.self) { try Store(path: directory.path) }
        guard case .cannotOpen(let path, _) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path == directory.path)
        let file = directory.appendingPathComponent("file")
        try TestFiles.write(Data(), to: file)
        let directoryError = #expect(throws: StoreError.self) { try Store(directory: file.appendingPathComponent("sub")) }
        #expect(directoryError?.userMessage.hasPrefix("No se puede crear la carpeta de datos") == true)
    }

    @Test func findsTheDefaultDataDirectory() {
        #expect(Store.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"], system: .linux).path == "/x/data/adivina")
        #expect(Store.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"], system: .linux).path == "/home/a/.local/share/adivina")
        #expect(Store.defaultDirectory(environment: ["HOME": "/home/a"], system: .linux).path == "/home/a/.local/share/adivina")
        // A Mac keeps app data in Application Support, whatever XDG says.
        #expect(Store.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/Users/a"], system: .darwin).path
            == "/Users/a/Library/Application Support/Adivina")
    }
}
