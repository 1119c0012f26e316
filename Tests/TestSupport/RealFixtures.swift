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

    /// The course's three real `quizzes.json` files, their item counts and the ids that appear twice.
    public static let quizFiles: [(name: String, count: Int, duplicateIDs: [Int])] = [
        ("quizzes-2024.json", 56, []),
        ("quizzes-2023.json", 43, []),
        ("quizzes-2021.json", 42, [30]),
    ]

    /// The names of the course's `quizzes.json` files.
    public static let quizFileNames = quizFiles.map(\.name)

    /// The URL of a quiz-server file; throws when it is not there.
    public static func quizFile(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent("quiz-server/\(name)")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return url
    }

    /// The bytes of a quiz-server file.
    public static func quizServerFile(_ name: String) throws -> Data {
        try Data(contentsOf: quizFile(name))
    }

    /// The items of a quiz-server file, parsed as plain JSON objects.
    public static func quizItems(_ name: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: quizServerFile(name)) as? [[String: Any]] ?? []
    }

    /// The URL of a WordPress file.
    public static func wordPressURL(_ name: String) -> URL {
        directory.appendingPathComponent("wordpress/\(name)")
    }
}
