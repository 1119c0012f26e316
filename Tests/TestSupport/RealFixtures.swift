import Foundation

/// The published data files in `shared/fixtures/real`, beside the repository (CI clones the repo
/// with `shared/` next to it; a git worktree may sit deeper, so the nearest ancestor that has
/// `shared/fixtures/real` is used). `ADIVINA_FIXTURES` overrides the place.
public enum RealFixtures {
    /// The `fixtures/real` directory.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["ADIVINA_FIXTURES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var ancestor = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the repository
        while ancestor.path != "/" {
            ancestor.deleteLastPathComponent()
            let candidate = ancestor.appendingPathComponent("shared/fixtures/real", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/nonexistent/shared/fixtures/real")
    }()

    /// The names of the course's `quizzes.json` files.
    public static let quizFileNames = ["quizzes-2021.json", "quizzes-2023.json", "quizzes-2024.json"]

    /// The URL of a quiz-server file.
    public static func quizServerURL(_ name: String) -> URL {
        directory.appendingPathComponent("quiz-server/\(name)")
    }

    /// The bytes of a quiz-server file.
    public static func quizServerFile(_ name: String) throws -> Data {
        try Data(contentsOf: quizServerURL(name))
    }

    /// The URL of a WordPress file.
    public static func wordPressURL(_ name: String) -> URL {
        directory.appendingPathComponent("wordpress/\(name)")
    }
}
