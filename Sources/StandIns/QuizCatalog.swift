import Foundation

/// The quizzes a quiz-server stand-in serves, read from a `quizzes.json` in any of the course's
/// formats and kept as raw JSON objects, so every item goes out with its original shape.
///
/// Rules: those of `ListCatalog` (an array of objects with integer ids, the first item of an id
/// wins), and each item needs a string `question` and a string `answer`; every other member is
/// kept as it is (`author`, `attachment`, extra fields, big numbers). The course's 2021 file has
/// id 30 twice; the copies differ only in `favourite`, which the stand-in sets per token anyway.
public struct QuizCatalog: Sendable {
    /// One quiz: the fields the stand-in reasons about, and the item exactly as it was loaded.
    public struct Entry: Sendable {
        /// The quiz id (`id`).
        public let id: Int
        /// The right answer (`answer`).
        public let answer: String
        /// The whole item as loaded, re-encoded as a JSON object (keys sorted).
        public let json: Data
    }

    /// Why a file could not be read as a quiz catalog.
    public typealias LoadError = ListCatalog.LoadError

    /// The quizzes in file order, one per id.
    public let entries: [Entry]
    /// Ids that appeared again after their first item and were dropped, in file order.
    public let droppedDuplicateIDs: [Int]

    /// Reads a catalog from the bytes of a `quizzes.json`.
    public init(jsonData: Data) throws {
        let list = try ListCatalog(jsonData: jsonData) { item, id in
            guard item["question"] is String else { return "no string \"question\" (id=\(id))" }
            guard item["answer"] is String else { return "no string \"answer\" (id=\(id))" }
            return nil
        }
        entries = list.entries.map { entry in
            Entry(id: entry.id, answer: list.object(entry)["answer"] as? String ?? "", json: entry.json)
        }
        droppedDuplicateIDs = list.droppedDuplicateIDs
    }

    /// Reads a catalog from a `quizzes.json` file (the `--quiz-data FILE` flag).
    public init(contentsOf file: URL) throws {
        try self.init(jsonData: try Data(contentsOf: file))
    }

    /// The quizzes bundled with Adivina (written for it; images under `images/`, relative URLs).
    public static func bundled() throws -> QuizCatalog {
        try BundledData.shared("quiz/quizzes.json") {
            try QuizCatalog(contentsOf: StandInImages.bundledDataDirectory("quiz").appendingPathComponent("quizzes.json"))
        }
    }
}
