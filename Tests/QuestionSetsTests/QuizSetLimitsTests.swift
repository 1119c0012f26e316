import Foundation
import Testing

@testable import QuestionSets

/// A set's validation is linear and counts its lists before it reads their items: a set or an
/// import with thousands of alternatives is refused at once instead of holding the host's queue.
@Suite("QuizSet limits: counted first, linear")
struct QuizSetLimitsTests {
    /// A quiz read from its JSON (the stored shape, whatever kinds a quiz may have).
    static func quiz(question: String = "¿Pregunta?", answer: String = "Respuesta", alternatives: [String]) throws -> SetQuiz {
        let json = try JSONSerialization.data(withJSONObject: ["question": question, "answer": answer, "alternatives": alternatives])
        return try JSONDecoder().decode(SetQuiz.self, from: json)
    }

    /// The alternatives `quiz` keeps, read from its JSON.
    static func alternatives(of quiz: SetQuiz) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(quiz)) as? [String: Any]
        return object?["alternatives"] as? [String] ?? []
    }

    private func quiz(alternatives: Int) throws -> SetQuiz {
        try Self.quiz(alternatives: (0..<alternatives).map { "alt \($0)" })
    }

    // "Before any is read" is shown by what is refused, not by the clock: every item of these
    // lists is itself invalid (too long, or a blank question), so reading one first would be
    // refused with that item's message instead of the list's limit.

    @Test func thousandsOfAlternativesAreRefusedBeforeAnyIsRead() throws {
        let tooLong = String(repeating: "x", count: SetQuiz.maxAnswerLength + 1)
        let many = try Self.quiz(alternatives: Array(repeating: tooLong, count: 6_000))
        let error = #expect(throws: QuestionSetError.self) { try QuizSet(title: "T", quizzes: [many]).validated() }
        #expect(error == .invalid("Pregunta 1: Como mucho \(SetQuiz.maxAlternatives) respuestas alternativas."), "the message says the limit")
        let set = QuizSet(title: "T", quizzes: Array(repeating: many, count: 200))
        #expect(throws: QuestionSetError.invalid("Pregunta 1: Como mucho \(SetQuiz.maxAlternatives) respuestas alternativas.")) { try set.validated() }
    }

    @Test func tooManyQuizzesAreRefusedBeforeAnyIsRead() throws {
        let blank = try Self.quiz(question: " ", alternatives: [])
        #expect(throws: QuestionSetError.invalid("Pregunta 1: Falta la pregunta.")) { try QuizSet(title: "T", quizzes: [blank]).validated() }
        let set = QuizSet(title: "T", quizzes: Array(repeating: blank, count: 100_000))
        #expect(throws: QuestionSetError.invalid("Un conjunto tiene como mucho 200 preguntas.")) { try set.validated() }
    }

    @Test func repeatsOfTheAnswerAndBlanksAreStillDropped() throws {
        let quiz = try Self.quiz(question: "q", answer: "París", alternatives: ["paris", " PARÍS ", "", "Lutecia", "lutecia ", "  "])
        #expect(try Self.alternatives(of: quiz.validated()) == ["paris", "Lutecia"])
    }

    /// The full set at the limits: 200 quizzes with 10 alternatives each of 200 characters, all
    /// kept (how fast that is, is `benchmarks/`' business, not a test's).
    @Test func aFullSetAtTheLimitsIsKeptWhole() throws {
        let long = String(repeating: "x", count: 190)
        let quizzes = try (0..<200).map { number in
            try Self.quiz(
                question: String(repeating: "¿", count: 400) + "\(number)", answer: "r\(number)",
                alternatives: (0..<10).map { "\(long) \(number) \($0)" })
        }
        let checked = try QuizSet(title: "Completo", quizzes: quizzes).validated()
        #expect(checked.quizzes.count == 200)
        #expect(try checked.quizzes.allSatisfy { try Self.alternatives(of: $0).count == 10 })
    }
}
