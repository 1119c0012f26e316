import Foundation
import Testing

@testable import Models

/// A set's validation is linear and counts its lists before it reads their items: a set or an
/// import with thousands of alternatives is refused at once instead of holding the host's queue.
@Suite("QuizSet limits: counted first, linear")
struct QuizSetLimitsTests {
    private func quiz(alternatives: Int, prefix: String = "alt") -> SetQuiz {
        SetQuiz(question: "¿Pregunta?", answer: "Respuesta", alternatives: (0..<alternatives).map { "\(prefix) \($0)" })
    }

    @Test func thousandsOfAlternativesAreRefusedBeforeAnyIsRead() throws {
        let started = ContinuousClock.now
        #expect(throws: ModelError.invalid("Pregunta 1: Como mucho 10 respuestas alternativas.")) {
            try QuizSet(title: "T", quizzes: [quiz(alternatives: 6_000)]).validated()
        }
        let set = QuizSet(title: "T", quizzes: Array(repeating: quiz(alternatives: 6_000), count: 200))
        #expect(throws: ModelError.self) { try set.validated() }
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }

    @Test func tooManyQuizzesAreRefusedBeforeAnyIsRead() {
        let started = ContinuousClock.now
        let set = QuizSet(title: "T", quizzes: Array(repeating: quiz(alternatives: 6_000), count: 100_000))
        #expect(throws: ModelError.invalid("Un conjunto tiene como mucho 200 preguntas.")) { try set.validated() }
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }

    @Test func repeatsOfTheAnswerAndBlanksAreStillDropped() throws {
        let quiz = SetQuiz(question: "q", answer: "París", alternatives: ["paris", " PARÍS ", "", "Lutecia", "lutecia ", "  "])
        #expect(try quiz.validated().alternatives == ["paris", "Lutecia"])
    }

    /// The full set at the limits: 200 quizzes with 10 alternatives each of 200 characters.
    @Test func aFullSetValidatesQuickly() throws {
        let long = String(repeating: "x", count: 190)
        let quizzes = (0..<200).map { number in
            SetQuiz(
                question: String(repeating: "¿", count: 400) + "\(number)", answer: "r\(number)",
                alternatives: (0..<10).map { "\(long) \(number) \($0)" })
        }
        let set = QuizSet(title: "Completo", quizzes: quizzes)
        let clock = ContinuousClock()
        var checked: QuizSet?
        let elapsed = try clock.measure { checked = try set.validated() }
        #expect(checked?.quizzes.count == 200)
        #expect(checked?.quizzes.allSatisfy { $0.alternatives.count == 10 } == true)
        print("QuizSet.validated: 200 quizzes × 10 alternatives in \(elapsed)")
        #expect(elapsed < .seconds(1))
    }
}
