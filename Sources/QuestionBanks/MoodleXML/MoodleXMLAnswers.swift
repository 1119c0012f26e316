import Foundation
import QuestionSets

/// The answers of a Moodle XML question as a kind of answer (nil, and the first note says why,
/// when it cannot be played), the feedback of its right answer and the notes of what was
/// dropped on the way in.
struct MoodleXMLAnswers {
    /// One `<answer>`: its fraction in percent, its text as typed and as shown, its feedback and
    /// (a number's) tolerance.
    struct Answer {
        var fraction: Double
        var text: String
        var shown: String
        var feedback: String?
        var tolerance: String
    }

    var kind: SetQuizAnswer?
    /// Moodle's `single` false (a choice only).
    var multiple = false
    /// For a kind without options, the right answer's own feedback (the question's when it has
    /// no general feedback).
    var feedback: String?
    var notes: [String] = []

    /// A question that cannot be played, and why.
    init(refusal: String) {
        notes = [refusal]
    }

    /// A `multichoice`: with `single`, the 100 % options are right (partial credit dropped);
    /// otherwise every option with a positive fraction is; a `poll` has none right. Each option
    /// keeps its feedback.
    init(choices: [Answer], single: Bool, poll: Bool) {
        let texts = choices.map { ImportControlCharacters.oneLine($0.shown) }
        if poll {
            kind = .poll(texts)
            return
        }
        multiple = !single
        let (choice, found) = MoodleChoice.read(
            zip(choices, texts).map { ($1, $0.fraction, $0.feedback) }, single: single,
            partialNote: "se ha quitado el crédito parcial: solo la opción del 100 % cuenta como correcta")
        notes += found
        guard let choice else {
            notes.insert("ninguna opción vale el 100 %", at: 0)
            return
        }
        kind = choice
    }

    /// A `truefalse`: the value of its 100 % answer, and that answer's feedback.
    init(truth answers: [Answer]) {
        guard let right = answers.first(where: { $0.fraction == 100 }) else {
            notes = ["ninguna de sus respuestas, verdadero o falso, vale el 100 %"]
            return
        }
        kind = .truefalse(right.text.lowercased() == "true")
        feedback = right.feedback
        if answers.contains(where: { $0.fraction != 100 && $0.feedback != nil }) { notes.append(ImportDifferences.answerFeedback) }
    }

    /// A `shortanswer` (`ShortAnswer`).
    init(written: [Answer]) {
        (kind, feedback, notes) = ShortAnswer.read(written.map { ($0.fraction, $0.text, $0.feedback) })
    }

    /// A `numerical`: its first 100 % answer and tolerance.
    init(numbers: [Answer]) {
        let number = GivenAnswer.number(from:)
        guard let first = numbers.first(where: { $0.fraction >= 100 && number($0.text) != nil }),
              let value = number(first.text)
        else {
            notes = ["ninguna respuesta numérica vale el 100 %"]
            return
        }
        guard let tolerance = number(first.tolerance.isEmpty ? "0" : first.tolerance) else {
            notes = ["el margen «\(first.tolerance)» no se entiende"]
            return
        }
        if numbers.count > 1 { notes.append("se han quitado las demás respuestas numéricas (solo vale una, sin crédito parcial)") }
        kind = .number(value: value, tolerance: abs(tolerance))
        feedback = first.feedback
        if numbers.contains(where: { $0.feedback != nil && $0.feedback != first.feedback }) { notes.append(ImportDifferences.answerFeedback) }
    }
}
