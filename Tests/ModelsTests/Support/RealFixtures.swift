import Foundation

/// The published data files in `shared/fixtures/real`, beside the repository (CI clones the repo
/// with `shared/` next to it). A git worktree sits one level deeper, so the nearest ancestor
/// that has `shared/fixtures/real` is used.
enum RealFixtures {
    static let directory: URL = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // ModelsTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the repository
        var ancestor = repository.deletingLastPathComponent()
        while ancestor.path != "/" {
            let candidate = ancestor.appendingPathComponent("shared/fixtures/real", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            ancestor.deleteLastPathComponent()
        }
        return repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/real")
    }()

    static func quizServerFile(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("quiz-server/\(name)"))
    }
}
