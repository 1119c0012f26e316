import Foundation
import Testing

@testable import Models

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

    @Test func thousandsOfAlternativesAreRefusedBeforeAnyIsRead() throws {
        let many = try quiz(alternatives: 6_000)
        let started = ContinuousClock.now
        let error = #expect(throws: ModelError.self) { try QuizSet(title: "T", quizzes: [many]).validated() }
        #expect(error?.userMessage.contains("10") == true, "the message says the limit")
        let set = QuizSet(title: "T", quizzes: Array(repeating: many, count: 200))
        #expect(throws: ModelError.self) { try set.validated() }
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }

    @Test func tooManyQuizzesAreRefusedBeforeAnyIsRead() throws {
        let set = QuizSet(title: "T", quizzes: Array(repeating: try quiz(alternatives: 6_000), count: 100_000))
        let started = ContinuousClock.now
        #expect(throws: ModelError.invalid("Un conjunto tiene como mucho 200 preguntas.")) { try set.validated() }
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }

    @Test func repeatsOfTheAnswerAndBlanksAreStillDropped() throws {
        let quiz = try Self.quiz(question: "q", answer: "París", alternatives: ["paris", " PARÍS ", "", "Lutecia", "lutecia ", "  "])
        #expect(try Self.alternatives(of: quiz.validated()) == ["paris", "Lutecia"])
    }

    /// The full set at the limits: 200 quizzes with 10 alternatives each of 200 characters.
    @Test func aFullSetValidatesQuickly() throws {
        let long = String(repeating: "x", count: 190)
        let quizzes = try (0..<200).map { number in
            try Self.quiz(
                question: String(repeating: "¿", count: 400) + "\(number)", answer: "r\(number)",
                alternatives: (0..<10).map { "\(long) \(number) \($0)" })
        }
        let set = QuizSet(title: "Completo", quizzes: quizzes)
        let clock = ContinuousClock()
        var checked: QuizSet?
        let elapsed = try clock.measure { checked = try set.validated() }
        #expect(checked?.quizzes.count == 200)
        #expect(try checked?.quizzes.allSatisfy { try Self.alternatives(of: $0).count == 10 } == true)
        print("QuizSet.validated: 200 quizzes × 10 alternatives in \(elapsed)")
        #expect(elapsed < .seconds(5), "a debug build on a loaded machine takes about 0.1–0.5 s")
    }
}
