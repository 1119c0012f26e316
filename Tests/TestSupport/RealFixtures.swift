import Foundation
import Testing

/// The published data files in `shared/fixtures/real`, an extra beside the repository: CI has
/// `shared/` next to its clone and a git worktree may sit deeper, so the nearest ancestor of the
/// repository that has `shared/fixtures/real` is used; `ADIVINA_FIXTURES` overrides the place. A
/// plain clone has none of it: the tests that read these files carry `.realFixtures`, which skips
/// them, with the reason, when the folder is absent. Every shape they hold is also in the
/// repository's own `Tests/Fixtures/` (see ``Fixtures``), whose tests always run.
public enum RealFixtures {
    /// The `fixtures/real` directory, or nil when there is none.
    public static let directory: URL? = {
        if let override = ProcessInfo.processInfo.environment["ADIVINA_FIXTURES"], !override.isEmpty {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        var ancestor = Fixtures.repository
        while ancestor.path != "/" {
            ancestor.deleteLastPathComponent()
            let candidate = ancestor.appendingPathComponent("shared/fixtures/real", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Whether the real files are there to be read.
    public static var isPresent: Bool { directory != nil }

    /// The course's three real `quizzes.json` files: quizzes once read, the ids that appear twice.
    public static let quizFiles: [QuizFixture] = [
        QuizFixture(name: "quizzes-2024.json", folder: directory, count: 56, duplicateIDs: []),
        QuizFixture(name: "quizzes-2023.json", folder: directory, count: 43, duplicateIDs: []),
        QuizFixture(name: "quizzes-2021.json", folder: directory, count: 41, duplicateIDs: [30]),
    ]

    /// The quiz-server file called `name`; throws when the real files are absent.
    public static func quizFile(_ name: String) throws -> QuizFixture {
        guard let file = quizFiles.first(where: { $0.name == name }), directory != nil else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "shared/fixtures/real/quiz-server/\(name)"])
        }
        return file
    }

    /// The URL of a WordPress file; throws when the real files are absent.
    public static func wordPressURL(_ name: String) throws -> URL {
        guard let directory else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "shared/fixtures/real/wordpress/\(name)"])
        }
        return directory.appendingPathComponent("wordpress/\(name)")
    }
}

/// The fixtures this repository carries in `Tests/Fixtures/` (written for Adivina, in every
/// shape of the real files; see its README).
public enum Fixtures {
    /// The repository's root.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Tests/Fixtures`.
    public static let directory = repository.appendingPathComponent("Tests/Fixtures", isDirectory: true)

    /// A file the stand-ins bundle: `Sources/StandIns/Data/<path>`.
    public static func standInData(_ path: String) -> URL {
        repository.appendingPathComponent("Sources/StandIns/Data/" + path)
    }

    /// The course's `quizzes.json` shapes of 2024, 2023 and 2021, and the June 2022 exam's.
    public static let quizFiles: [QuizFixture] = [
        QuizFixture(name: "quizzes-2024.json", folder: directory, count: 7, duplicateIDs: []),
        QuizFixture(name: "quizzes-2023.json", folder: directory, count: 6, duplicateIDs: []),
        QuizFixture(name: "quizzes-2021.json", folder: directory, count: 6, duplicateIDs: [12]),
        QuizFixture(name: "quizzes-exam-2022.json", folder: directory, count: 4, duplicateIDs: []),
    ]

    /// The own quiz-server file called `name`.
    public static func quizFile(_ name: String) throws -> QuizFixture {
        guard let file = quizFiles.first(where: { $0.name == name }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Tests/Fixtures/quiz-server/\(name)"])
        }
        return file
    }

    /// The URL of an own WordPress file.
    public static func wordPressURL(_ name: String) -> URL {
        directory.appendingPathComponent("wordpress/\(name)")
    }
}

/// One `quizzes.json` of a fixtures folder: where it is, how many quizzes it yields once read
/// (the first of a repeated id is kept) and which ids appear twice.
public struct QuizFixture: Sendable, CustomStringConvertible {
    /// The file name, e.g. `quizzes-2021.json`.
    public let name: String
    /// The file (under a folder that may be absent, for the real files).
    public let url: URL
    /// How many quizzes it yields.
    public let count: Int
    /// The ids that appear more than once.
    public let duplicateIDs: [Int]

    init(name: String, folder: URL?, count: Int, duplicateIDs: [Int]) {
        self.name = name
        url = (folder ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent("quiz-server/\(name)")
        self.count = count
        self.duplicateIDs = duplicateIDs
    }

    /// The file's name, so test reports name each argument.
    public var description: String { name }

    /// The bytes of the file.
    public func data() throws -> Data {
        try Data(contentsOf: url)
    }

    /// The items of the file, parsed as plain JSON objects (a non-array is an empty list).
    public func items() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: data()) as? [[String: Any]] ?? []
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only when `../shared/fixtures/real` is beside the repository; otherwise the
    /// test is reported as skipped with the reason.
    public static var realFixtures: Self {
        .enabled(
            if: RealFixtures.isPresent,
            "the real published files (shared/fixtures/real beside the repository, or ADIVINA_FIXTURES) are not here")
    }
}
