import Foundation

/// A teacher's own set of questions for classroom rounds (kept by `QuizSetStore`): a title and
/// its quizzes in order. `validated()` applies the limits and says in Spanish what is wrong.
///
/// JSON: `{"id","title","quizzes":[{"question","answer","alternatives","image"?}]}`.
public struct QuizSet: Codable, Hashable, Sendable {
    /// The longest title, in characters.
    public static let maxTitleLength = 100
    /// The most quizzes a set holds.
    public static let maxQuizzes = 200

    /// The set's id in the store (0 before it is kept).
    public var id: Int
    /// Its title, as the host page lists it.
    public var title: String
    /// Its quizzes, in the order a round plays them.
    public var quizzes: [SetQuiz]

    /// Makes a set.
    public init(id: Int = 0, title: String, quizzes: [SetQuiz]) {
        self.id = id
        self.title = title
        self.quizzes = quizzes
    }

    private enum CodingKeys: String, CodingKey { case id, title, quizzes }

    /// Reads a set; `id` may be absent (a new set).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? 0
        title = try container.decode(String.self, forKey: .title)
        quizzes = try container.decode([SetQuiz].self, forKey: .quizzes)
    }

    /// The set with its title and every quiz trimmed, checked against the limits: a title of 1 to
    /// `maxTitleLength` characters, 1 to `maxQuizzes` quizzes, each valid (`SetQuiz.validated`).
    public func validated() throws(ModelError) -> QuizSet {
        let title = try SetQuiz.text(title, field: "el título", limit: Self.maxTitleLength)
        guard !quizzes.isEmpty else { throw .invalid("El conjunto necesita al menos una pregunta.") }
        guard quizzes.count <= Self.maxQuizzes else {
            throw .invalid("Un conjunto tiene como mucho \(Self.maxQuizzes) preguntas.")
        }
        var checked: [SetQuiz] = []
        for (index, quiz) in quizzes.enumerated() {
            do throws(ModelError) {
                checked.append(try quiz.validated())
            } catch {
                throw .invalid("Pregunta \(index + 1): \(error.userMessage)")
            }
        }
        return QuizSet(id: id, title: title, quizzes: checked)
    }

    /// The round's quizzes for players: numbered from 1, without their answers, the image as
    /// the attachment.
    public var roundQuizzes: [QuizItem] {
        quizzes.enumerated().map { index, quiz in
            QuizItem(id: index + 1, question: quiz.question, attachment: quiz.image.flatMap(URL.init(string:)).map { QuizMedia(url: $0) })
        }
    }
}

/// One question of a `QuizSet`: the text, the right answer, other answers also accepted, and an
/// optional image (an `http(s)` URL, or an image uploaded to this app: `/api/classroom/images/…`).
public struct SetQuiz: Codable, Hashable, Sendable {
    /// The longest question, in characters.
    public static let maxQuestionLength = 500
    /// The longest answer or alternative, in characters.
    public static let maxAnswerLength = 200
    /// The most alternatives a quiz accepts.
    public static let maxAlternatives = 10
    /// The longest image URL.
    public static let maxImageLength = 2_000
    /// Where the app serves uploaded images (`SetImage`); an image URL may start so.
    public static let uploadedImagePrefix = "/api/classroom/images/"

    /// The question.
    public var question: String
    /// The right answer.
    public var answer: String
    /// Other answers also judged right.
    public var alternatives: [String]
    /// The image's URL, or nil.
    public var image: String?

    /// Makes a quiz.
    public init(question: String, answer: String, alternatives: [String] = [], image: String? = nil) {
        self.question = question
        self.answer = answer
        self.alternatives = alternatives
        self.image = image
    }

    private enum CodingKeys: String, CodingKey { case question, answer, alternatives, image }

    /// Reads a quiz; `alternatives` and `image` may be absent or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decode(String.self, forKey: .question)
        answer = try container.decode(String.self, forKey: .answer)
        alternatives = try container.decodeIfPresent([String].self, forKey: .alternatives) ?? []
        image = try container.decodeIfPresent(String.self, forKey: .image)
    }

    /// Writes every field, `image` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(question, forKey: .question)
        try container.encode(answer, forKey: .answer)
        try container.encode(alternatives, forKey: .alternatives)
        try container.encodeIfPresent(image, forKey: .image)
    }

    /// The quiz trimmed and checked: a question and an answer that are not blank and within
    /// their lengths, at most `maxAlternatives` alternatives (counted as sent, before any is
    /// read; blank ones and repeats of the answer dropped), an image that is an `http(s)` URL or
    /// one of the app's uploads (a blank one is none). Linear in the quiz's size.
    public func validated() throws(ModelError) -> SetQuiz {
        guard self.alternatives.count <= Self.maxAlternatives else {
            throw .invalid("Como mucho \(Self.maxAlternatives) respuestas alternativas.")
        }
        let question = try Self.text(question, field: "la pregunta", limit: Self.maxQuestionLength)
        let answer = try Self.text(answer, field: "la respuesta", limit: Self.maxAnswerLength)
        var alternatives: [String] = []
        var accepted: Set = [LocalQuizFile.normalised(answer)]
        for alternative in self.alternatives {
            let trimmed = alternative.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, accepted.insert(LocalQuizFile.normalised(trimmed)).inserted else { continue }
            alternatives.append(try Self.text(trimmed, field: "una respuesta alternativa", limit: Self.maxAnswerLength))
        }
        let image = try image.flatMap(Self.imageURL)
        return SetQuiz(question: question, answer: answer, alternatives: alternatives, image: image)
    }

    /// Whether `given` is right: the answer or one of the alternatives, compared as the quiz
    /// server compares (`LocalQuizFile.isRight`).
    public func accepts(_ given: String) -> Bool {
        Self.accepts(given, among: [answer] + alternatives)
    }

    private static func accepts(_ given: String, among answers: [String]) -> Bool {
        answers.contains { LocalQuizFile.isRight(given, for: $0) }
    }

    /// `text` trimmed, refused when blank or longer than `limit`; `field` names it («el título»).
    static func text(_ text: String, field: String, limit: Int) throws(ModelError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid("Falta \(field).") }
        guard trimmed.count <= limit else {
            throw .invalid("\(field.prefix(1).uppercased() + field.dropFirst()) tiene más de \(limit) caracteres.")
        }
        return trimmed
    }

    /// A usable image URL (trimmed; nil when blank), or the refusal.
    private static func imageURL(_ text: String) throws(ModelError) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= maxImageLength else { throw .invalid("La dirección de la imagen es demasiado larga.") }
        if trimmed.hasPrefix(uploadedImagePrefix) {
            let name = trimmed.dropFirst(uploadedImagePrefix.count)
            guard SetImage.isName(name) else { throw .invalid("La imagen subida no es válida.") }
            return trimmed
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false
        else { throw .invalid("La imagen debe ser una dirección http(s) o una imagen subida.") }
        return trimmed
    }
}
