import Foundation

/// The quizzes a quiz-server stand-in serves, read from a `quizzes.json` in any of the course's
/// formats and kept as raw JSON objects, so every item goes out with its original shape.
///
/// Rules:
/// - the file is a JSON array of objects, each with an integer `id`, a string `question` and a
///   string `answer` (an item without them cannot be served, so loading fails and names it);
///   every other member is kept as it is (`author`, `attachment`, extra fields, big numbers);
/// - an id that appears more than once is served once: the **first** item with that id wins and
///   the later ones are dropped and listed in `droppedDuplicateIDs` (the course's 2021 file has
///   id 30 twice; the copies differ only in `favourite`, which the stand-in sets per token anyway).
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
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The bytes are not JSON.
        case malformedJSON(String)
        /// The JSON is not an array of items.
        case notAnArray
        /// The item at `index` (0-based) cannot be served, and why.
        case invalidItem(index: Int, reason: String)

        /// A one-line explanation for logs and error messages.
        public var description: String {
            switch self {
            case .malformedJSON(let detail): "quiz data is not valid JSON: \(detail)"
            case .notAnArray: "quiz data must be a JSON array of quizzes"
            case .invalidItem(let index, let reason): "quiz #\(index) cannot be served: \(reason)"
            }
        }
    }

    /// The quizzes in file order, one per id.
    public let entries: [Entry]
    /// Ids that appeared again after their first item and were dropped, in file order.
    public let droppedDuplicateIDs: [Int]

    /// Reads a catalog from the bytes of a `quizzes.json`.
    public init(jsonData: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
        } catch {
            throw LoadError.malformedJSON(String(describing: error))
        }
        guard let items = root as? [Any] else { throw LoadError.notAnArray }
        var entries: [Entry] = []
        var seen: Set<Int> = []
        var duplicates: [Int] = []
        for (index, element) in items.enumerated() {
            guard let item = element as? [String: Any] else {
                throw LoadError.invalidItem(index: index, reason: "not a JSON object")
            }
            guard let id = item["id"].flatMap(Self.integer) else {
                throw LoadError.invalidItem(index: index, reason: "no integer \"id\"")
            }
            guard item["question"] is String else {
                throw LoadError.invalidItem(index: index, reason: "no string \"question\" (id=\(id))")
            }
            guard let answer = item["answer"] as? String else {
                throw LoadError.invalidItem(index: index, reason: "no string \"answer\" (id=\(id))")
            }
            guard seen.insert(id).inserted else {
                duplicates.append(id)
                continue
            }
            let json = try JSONSerialization.data(withJSONObject: item, options: Self.writingOptions)
            entries.append(Entry(id: id, answer: answer, json: json))
        }
        self.entries = entries
        self.droppedDuplicateIDs = duplicates
    }

    /// Reads a catalog from a `quizzes.json` file (the `--quiz-data FILE` flag).
    public init(contentsOf file: URL) throws {
        try self.init(jsonData: try Data(contentsOf: file))
    }

    /// The quizzes bundled with Adivina (written for it; images under `images/`, relative URLs).
    public static func bundled() throws -> QuizCatalog {
        try QuizCatalog(contentsOf: QuizImages.bundledQuizDirectory().appendingPathComponent("quizzes.json"))
    }

    /// How the stand-in writes JSON: stable key order, slashes left alone.
    static let writingOptions: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]

    /// The value of a JSON integer; nil for booleans, fractions, strings and out-of-range numbers.
    static func integer(_ value: Any) -> Int? {
        // Foundation hands JSON booleans out as NSNumbers of C type `char`; no JSON number is one.
        guard let number = value as? NSNumber, !(number is NSDecimalNumber),
              String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double else { return nil }
        return Int(exactly: double)
    }
}
