import Foundation

/// How a typed answer is compared with a right one, the way the course's quiz server compares
/// them: trimmed of spaces and without regard to case. A set's text questions judge so, and
/// `Models`' `LocalQuizFile` (a course `quizzes.json`) uses the same rule.
package enum AnswerText {
    /// Whether `answer` is right for `rightAnswer`: equal once both are `normalised`.
    package static func isRight(_ answer: String, for rightAnswer: String) -> Bool {
        normalised(answer) == normalised(rightAnswer)
    }

    /// An answer as the check compares it: trimmed of spaces, lowercased.
    package static func normalised(_ answer: String) -> String {
        answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
