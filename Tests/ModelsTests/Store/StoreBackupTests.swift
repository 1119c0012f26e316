import Foundation
import TestSupport
import Testing

@testable import Models

/// The database file is the database: after a checkpoint the `.sqlite` file alone holds every
/// set, a backup is one consistent file, and a file that cannot be read stops the start with a
/// message that names it and says how to restore a copy.
@Suite("Store: checkpoint, backup, and an unreadable file")
struct StoreBackupTests {
    private let directory = TestFiles.scratch("adivina-backup")
    private var path: String { directory.appendingPathComponent(Store.fileName).path }

    private func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// A store at `path` with `count` sets.
    private func storeWithSets(_ count: Int) throws -> Store {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try Store(path: path)
        let sets = QuizSetStore(store: store)
        for number in 1...count {
            _ = try sets.create(QuizSet(title: "Conjunto \(number)", quizzes: [SetQuiz(question: "¿\(number)?", answer: "\(number)")]))
        }
        return store
    }

    private func titles(at path: String) throws -> [String] {
        try QuizSetStore(store: Store(path: path)).list().map(\.title).sorted()
    }

    @Test func afterACheckpointTheFileAloneHoldsEverything() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try storeWithSets(20)
        #expect(size(path + "-wal") > 0, "the sets are in the -wal before the checkpoint")
        try store.checkpoint()
        #expect(size(path + "-wal") == 0)
        // The teacher copies only adivina.sqlite.
        let copy = directory.appendingPathComponent("copia/adivina.sqlite")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        #expect(try titles(at: copy.path).count == 20)
    }

    @Test func aBackupIsOneConsistentFileMadeWhileTheStoreIsInUse() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try storeWithSets(5)
        let backup = directory.appendingPathComponent("copia.sqlite").path
        try store.backup(to: backup)
        _ = try QuizSetStore(store: store).create(QuizSet(title: "Después", quizzes: [SetQuiz(question: "¿Pregunta?", answer: "Respuesta")]))
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"), "a plain single file")
        #expect(!FileManager.default.fileExists(atPath: backup + ".partial"))
        #expect(try titles(at: backup) == (1...5).map { "Conjunto \($0)" }.sorted())
        // A second backup replaces the first whole.
        try store.backup(to: backup)
        #expect(try titles(at: backup).count == 6)
    }

    @Test(arguments: [Data("esto no es una base de datos, es un texto cualquiera".utf8), Data(repeating: 0xAB, count: 8192)])
    func aFileThatCannotBeReadStopsTheStartSayingHowToRestore(contents: Data) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        guard case .cannotRead(let named, _) = error else {
            Issue.record("expected cannotRead, got \(String(describing: error))")
            return
        }
        #expect(named == path)
        let message = try #require(error?.userMessage)
        #expect(message.hasPrefix("No se puede leer la base de datos \(path)"))
        #expect(message.contains("adivina backup"))
        #expect(message.contains("\(path)-wal"))
        #expect(String(describing: try #require(error)) == message, "what adivina prints")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents, "the file is left as it was")
    }

    @Test func anEmptyFileIsANewDatabase() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try Store(path: path).schemaVersion() == StoreSchema.migrations.count)
    }
}
