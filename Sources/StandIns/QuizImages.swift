import Foundation

/// The SVG images the bundled quizzes refer to (attachments and author avatars), held in memory
/// and looked up by their path under `images/` (e.g. `quizzes/everest.svg`), so a request can
/// only ever reach a file that was loaded.
public struct QuizImages: Sendable {
    /// The images by relative path (`quizzes/everest.svg`, `avatars/admin.svg`).
    public let svgByPath: [String: Data]

    /// Loads every `.svg` file below `directory`, keyed by its path relative to it.
    public init(directory: URL) throws {
        let root = directory.standardizedFileURL.path
        var images: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".svg") else { continue }
            images[relative] = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(relative))
        }
        svgByPath = images
    }

    /// The images bundled with Adivina.
    public static func bundled() throws -> QuizImages {
        try QuizImages(directory: bundledQuizDirectory().appendingPathComponent("images"))
    }

    /// The bundled `quiz` data directory: `quizzes.json` and `images/`.
    static func bundledQuizDirectory() throws -> URL {
        guard let directory = Bundle.module.url(forResource: "quiz", withExtension: nil, subdirectory: "Data") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "StandIns resource Data/quiz is missing"])
        }
        return directory
    }
}
