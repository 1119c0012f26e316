import Foundation
import QuestionSets

/// A `QuizSet` as a course `quizzes.json`, written in the current shape (2024's), so a set goes
/// back into `--quiz-data`, `--quizzes-file` or another teacher's Adivina (which reads it with
/// `SetImport`, as it reads any of the course's shapes).
public enum QuizSetFile {
    /// `set` as a `quizzes.json` in the course's current shape: ids from 1, `author` null,
    /// `attachment` `{"mime","url"}` or null, `favourite` false, plus `alternatives` when a quiz
    /// has some (other readers ignore it). A quiz of another kind than `text` also has `kind`
    /// and its kind's fields (`SetQuiz`), and `answer` is its right answer as text (a true or
    /// false's is the boolean), so this app reads it back whole. An uploaded image's path is made absolute against
    /// `imageBase` (the app's address), so the file works elsewhere.
    public static func export(_ set: QuizSet, imageBase: URL?) -> Data {
        let items = set.quizzes.enumerated().map { index, quiz in
            ExportedQuiz(id: index + 1, quiz: quiz, image: quiz.image.map { SetExport.absolute($0, base: imageBase) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and nulls cannot fail.
        return (try? encoder.encode(items)) ?? Data("[]".utf8)
    }
}

/// One quiz written in the 2024 shape.
private struct ExportedQuiz: Encodable {
    let id: Int
    let quiz: SetQuiz
    let image: String?

    private enum CodingKeys: String, CodingKey {
        case id, kind, question, answer, author, attachment, favourite, alternatives, options, value, tolerance, feedback, multiple
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
            try container.encode(quiz.multiple, forKey: .multiple)
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
