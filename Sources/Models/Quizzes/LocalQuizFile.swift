import Foundation

/// A course `quizzes.json` on this machine: how it is read (any of the published shapes, the
/// first of a repeated id kept, an unreadable item skipped and reported) and how an answer is
/// judged against it, the way the quiz server does (trimmed, case-insensitive).
public struct LocalQuizFile: Sendable {
    /// The file.
    public let url: URL

    /// The largest file read.
    public static let maxSize = 10 * 1_048_576

    /// The file at `url` (made absolute and standard).
    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The key its record and favourites are kept under: `file:` and the absolute path.
    public var key: String { "file:" + url.path }

    /// Reads every quiz. With `playable`, an item without a string `answer` cannot be judged
    /// and is skipped too. Throws `ModelError.file` when the file cannot be read, is not a
    /// JSON array, or has no quiz at all that can be read.
    public func read(playable: Bool) throws(ModelError) -> LenientList<QuizItem> {
        let data = try bytes()
        let list: LenientList<QuizItem>
        do {
            if playable {
                let answered = try LenientList<AnsweredQuiz>.decode(data)
                list = LenientList(elements: answered.elements.map(\.item), skipped: answered.skipped)
            } else {
                list = try LenientList<QuizItem>.decode(data)
            }
        } catch {
            throw .file("\(url.lastPathComponent) no es una lista de preguntas en JSON")
        }
        if list.elements.isEmpty, let first = list.skipped.first {
            throw .file("ninguna pregunta se puede leer (\(first))")
        }
        return list
    }

    /// Whether `answer` is right for `rightAnswer`: equal once both are trimmed of spaces and
    /// compared without regard to case, as the course's quiz server compares them
    /// (`QuestionSets`' `AnswerText`, by which a set's text questions are judged too).
    public static func isRight(_ answer: String, for rightAnswer: String) -> Bool {
        AnswerText.isRight(answer, for: rightAnswer)
    }

    /// An answer as the check compares it: trimmed of spaces, lowercased.
    public static func normalised(_ answer: String) -> String {
        AnswerText.normalised(answer)
    }

    private func bytes() throws(ModelError) -> Data {
        do {
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            guard size <= Self.maxSize else { throw ModelError.file("ocupa más de \(Self.maxSize / 1_048_576) MB") }
            return try Data(contentsOf: url)
        } catch let error as ModelError {
            throw error
        } catch {
            throw .file("no se puede leer \(url.lastPathComponent)")
        }
    }
}

/// A quiz that can be judged locally: a `QuizItem` whose `answer` is a string, and the other
/// answers accepted that a classroom set's export adds (`alternatives`, ignored when not a list
/// of strings; no course file has it).
struct AnsweredQuiz: Decodable, Identifiable {
    let item: QuizItem
    let alternatives: [String]
    var id: Int { item.id }

    private enum CodingKeys: String, CodingKey { case answer, alternatives }

    init(from decoder: any Decoder) throws {
        item = try QuizItem(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Throws "falta el campo «answer»" (or a wrong type) with the element's own path.
        _ = try container.decode(String.self, forKey: .answer)
        alternatives = (try? container.decodeIfPresent([String].self, forKey: .alternatives)) ?? []
    }
}
