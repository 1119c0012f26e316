import Foundation

/// A teacher's own set of questions for classroom rounds (kept by `Models`' `QuizSetStore`): a
/// title and its quizzes in order. `validated()` applies the limits and says in Spanish what is
/// wrong.
///
/// JSON: `{"id","title","quizzes":[SetQuiz]}` (each quiz of any `QuizKind`).
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
    public func validated() throws(QuestionSetError) -> QuizSet {
        let title = try SetQuiz.text(title, field: "el título", limit: Self.maxTitleLength)
        guard !quizzes.isEmpty else { throw .invalid("El conjunto necesita al menos una pregunta.") }
        guard quizzes.count <= Self.maxQuizzes else {
            throw .invalid("Un conjunto tiene como mucho \(Self.maxQuizzes) preguntas.")
        }
        var checked: [SetQuiz] = []
        for (index, quiz) in quizzes.enumerated() {
            do throws(QuestionSetError) {
                checked.append(try quiz.validated())
            } catch {
                throw .invalid("Pregunta \(index + 1): \(error.userMessage)")
            }
        }
        return QuizSet(id: id, title: title, quizzes: checked)
    }
}
