import Foundation

/// One trivia question: the text, exactly four answers and the index (0-based) of the right one,
/// as the trivia service sends it: `{"question":"…","answers":["…","…","…","…"],"correct":1}`.
///
/// Decoding refuses a question that could not be played (empty text, not four answers, an
/// answer repeated, `correct` outside 0…3), so a bad one is skipped by `LenientList`.
public struct TriviaQuestion: Codable, Hashable, Sendable, Identifiable {
    /// How many answers every question has.
    public static let answerCount = 4

    /// The question text.
    public var question: String
    /// The four answers, in the order they are shown.
    public var answers: [String]
    /// The index in `answers` of the right one.
    public var correct: Int

    /// The question text identifies it (a list repeating a question is skipped).
    public var id: String { question }

    /// The right answer's text.
    public var correctAnswer: String { answers[correct] }

    /// Makes a question; `nil` if it could not be played.
    public init?(question: String, answers: [String], correct: Int) {
        guard Self.isPlayable(question: question, answers: answers, correct: correct) else { return nil }
        self.question = question
        self.answers = answers
        self.correct = correct
    }

    private enum CodingKeys: String, CodingKey { case question, answers, correct }

    /// Reads a question and checks that it can be played.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decode(String.self, forKey: .question)
        answers = try container.decode([String].self, forKey: .answers)
        correct = try container.decode(Int.self, forKey: .correct)
        guard Self.isPlayable(question: question, answers: answers, correct: correct) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "una pregunta necesita texto, \(Self.answerCount) respuestas distintas y «correct» de 0 a \(Self.answerCount - 1)"))
        }
    }

    /// The same question with its answers in a random order; `correct` follows the right answer.
    public func shufflingAnswers(using generator: inout some RandomNumberGenerator) -> TriviaQuestion {
        let order = answers.indices.shuffled(using: &generator)
        var shuffled = self
        shuffled.answers = order.map { answers[$0] }
        shuffled.correct = order.firstIndex(of: correct)!
        return shuffled
    }

    private static func isPlayable(question: String, answers: [String], correct: Int) -> Bool {
        !question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && answers.count == answerCount
            && Set(answers).count == answerCount && answers.indices.contains(correct)
    }
}
