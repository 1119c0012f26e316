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

    /// Reads `data` as a `quizzes.json` into a new set called `title` (an item with a `kind`
    /// other than `text` reads as `SetQuiz` reads it). Every item that cannot be
    /// read or does not pass `SetQuiz.validated` is skipped and counted; a file that is not a
    /// JSON array, or with no usable quiz, is refused (`invalid`, Spanish).
    public static func importSet(title: String, from data: Data) throws(ModelError) -> Imported {
        let list: LenientList<FileQuiz>
        do {
            list = try LenientList<FileQuiz>.decode(data)
        } catch {
            throw .invalid("El fichero no es una lista de preguntas en JSON (quizzes.json).")
        }
        var quizzes: [SetQuiz] = []
        var skipped = list.skipped.count
        for quiz in list.elements {
            guard quizzes.count < QuizSet.maxQuizzes, let valid = try? quiz.quiz.validated() else {
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
    /// has some (other readers ignore it). A quiz of another kind than `text` also has `kind`
    /// and its kind's fields (`SetQuiz`), and `answer` is its right answer as text (a true or
    /// false's is the boolean), so this app reads it back whole. An uploaded image's path is made absolute against
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

/// One quiz read from a `quizzes.json`: the course's shape (`AnsweredQuiz`), or with a `kind`
/// other than `text` the whole `SetQuiz` (the image from `attachment` when it has no `image`).
private struct FileQuiz: Decodable, Identifiable {
    let id: Int
    let quiz: SetQuiz

    private enum CodingKeys: String, CodingKey { case id, kind, attachment }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let kind = try container.decodeIfPresent(QuizKind.self, forKey: .kind), kind != .text else {
            let item = try AnsweredQuiz(from: decoder)
            id = item.id
            quiz = SetQuiz(
                question: item.item.question, answer: item.item.answer ?? "", alternatives: item.alternatives,
                image: item.item.attachment?.url.absoluteString)
            return
        }
        id = try container.decode(Int.self, forKey: .id)
        var quiz = try SetQuiz(from: decoder)
        if quiz.image == nil {
            quiz.image = try QuizMedia.decodeIfPresent(from: container, forKey: .attachment)?.url.absoluteString
        }
        self.quiz = quiz
    }
}

/// One quiz written in the 2024 shape.
private struct ExportedQuiz: Encodable {
    let id: Int
    let quiz: SetQuiz
    let image: String?

    private enum CodingKeys: String, CodingKey {
        case id, kind, question, answer, author, attachment, favourite, alternatives, options, value, tolerance, feedback
    }
    private enum MediaKeys: String, CodingKey { case mime, url }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(quiz.question, forKey: .question)
        switch quiz.answer {
        case .text(let answer, let alternatives):
            try container.encode(answer, forKey: .answer)
            if !alternatives.isEmpty { try container.encode(alternatives, forKey: .alternatives) }
        case .choice(let options):
            try container.encode(QuizKind.choice, forKey: .kind)
            try container.encode(quiz.rightAnswerText ?? "", forKey: .answer)
            try container.encode(options, forKey: .options)
        case .truefalse(let truth):
            try container.encode(QuizKind.truefalse, forKey: .kind)
            try container.encode(truth, forKey: .answer)
        case .number(let value, let tolerance):
            try container.encode(QuizKind.number, forKey: .kind)
            try container.encode(quiz.rightAnswerText ?? "", forKey: .answer)
            try container.encode(value, forKey: .value)
            try container.encode(tolerance, forKey: .tolerance)
        case .poll(let options):
            try container.encode(QuizKind.poll, forKey: .kind)
            try container.encode("", forKey: .answer)
            try container.encode(options.map { ["text": $0] }, forKey: .options)
        }
        try container.encodeIfPresent(quiz.feedback, forKey: .feedback)
        try container.encodeNil(forKey: .author)
        if let image {
            var media = container.nestedContainer(keyedBy: MediaKeys.self, forKey: .attachment)
            try media.encodeNil(forKey: .mime)
            try media.encode(image, forKey: .url)
        } else {
            try container.encodeNil(forKey: .attachment)
        }
        try container.encode(false, forKey: .favourite)
    }
}
