import Foundation

/// A `QuizSet` as a course `quizzes.json`: read from any of the course's shapes (those
/// `LocalQuizFile` reads: 2021, 2023, 2024 and the exam's plain-URL one) and written in the
/// current one (2024's), so a set goes back into `--quiz-data`, `--quizzes-file` or another
/// teacher's Adivina.
public enum QuizSetFile {
    /// What an import made: the set (validated, not kept yet) and how many items were left out.
    public struct Imported: Sendable {
        /// The new set.
        public var set: QuizSet
        /// Items left out: unreadable, without an answer, repeated ids, refused by the set's
        /// limits, or beyond `QuizSet.maxQuizzes`.
        public var skipped: Int
    }

    /// Reads `data` as a `quizzes.json` into a new set called `title`. Every item that cannot be
    /// read or does not pass `SetQuiz.validated` is skipped and counted; a file that is not a
    /// JSON array, or with no usable quiz, is refused (`invalid`, Spanish).
    public static func importSet(title: String, from data: Data) throws(ModelError) -> Imported {
        let list: LenientList<AnsweredQuiz>
        do {
            list = try LenientList<AnsweredQuiz>.decode(data)
        } catch {
            throw .invalid("El fichero no es una lista de preguntas en JSON (quizzes.json).")
        }
        var quizzes: [SetQuiz] = []
        var skipped = list.skipped.count
        for quiz in list.elements {
            let candidate = SetQuiz(
                question: quiz.item.question, answer: quiz.item.answer ?? "", alternatives: quiz.alternatives,
                image: quiz.item.attachment?.url.absoluteString)
            guard quizzes.count < QuizSet.maxQuizzes, let valid = try? candidate.validated() else {
                skipped += 1
                continue
            }
            quizzes.append(valid)
        }
        guard !quizzes.isEmpty else { throw .invalid("El fichero no tiene ninguna pregunta que se pueda usar.") }
        return Imported(set: try QuizSet(title: title, quizzes: quizzes).validated(), skipped: skipped)
    }

    /// `set` as a `quizzes.json` in the course's current shape: ids from 1, `author` null,
    /// `attachment` `{"mime","url"}` or null, `favourite` false, plus `alternatives` when a quiz
    /// has some (other readers ignore it). An uploaded image's path is made absolute against
    /// `imageBase` (the app's address), so the file works elsewhere.
    public static func export(_ set: QuizSet, imageBase: URL?) -> Data {
        let items = set.quizzes.enumerated().map { index, quiz in
            ExportedQuiz(id: index + 1, quiz: quiz, image: quiz.image.map { absolute($0, base: imageBase) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and nulls cannot fail.
        return (try? encoder.encode(items)) ?? Data("[]".utf8)
    }

    private static func absolute(_ image: String, base: URL?) -> String {
        guard image.hasPrefix("/"), let base, let url = URL(string: image, relativeTo: base) else { return image }
        return url.absoluteString
    }
}

/// One quiz written in the 2024 shape.
private struct ExportedQuiz: Encodable {
    let id: Int
    let quiz: SetQuiz
    let image: String?

    private enum CodingKeys: String, CodingKey { case id, question, answer, author, attachment, favourite, alternatives }
    private enum MediaKeys: String, CodingKey { case mime, url }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(quiz.question, forKey: .question)
        try container.encode(quiz.answer, forKey: .answer)
        try container.encodeNil(forKey: .author)
        if let image {
            var media = container.nestedContainer(keyedBy: MediaKeys.self, forKey: .attachment)
            try media.encodeNil(forKey: .mime)
            try media.encode(image, forKey: .url)
        } else {
            try container.encodeNil(forKey: .attachment)
        }
        try container.encode(false, forKey: .favourite)
        if !quiz.alternatives.isEmpty { try container.encode(quiz.alternatives, forKey: .alternatives) }
    }
}
