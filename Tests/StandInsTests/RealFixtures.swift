import Foundation

/// The course's real `quizzes.json` files in `shared/fixtures/real/quiz-server/`, found by walking
/// up from this source file (the repository may be a worktree nested below `shared`'s parent).
enum RealFixtures {
    /// The three real files with their item counts and the ids that appear twice.
    static let quizFiles: [(name: String, count: Int, duplicateIDs: [Int])] = [
        ("quizzes-2024.json", 56, []),
        ("quizzes-2023.json", 43, []),
        ("quizzes-2021.json", 42, [30]),
    ]

    /// The URL of one real quiz file.
    static func quizFile(_ name: String) throws -> URL {
        if let root = ProcessInfo.processInfo.environment["ADIVINA_FIXTURES"] {
            return URL(fileURLWithPath: root).appendingPathComponent("quiz-server/\(name)")
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/fixtures/real/quiz-server/\(name)")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "shared/fixtures/real/quiz-server/\(name)"])
    }

    /// The items of a real file, parsed as plain JSON objects.
    static func quizItems(_ name: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: quizFile(name))) as? [[String: Any]] ?? []
    }
}

/// A fresh empty directory under the system's temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standins-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// A JSON body parsed as a plain JSON value.
func jsonValue(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}
