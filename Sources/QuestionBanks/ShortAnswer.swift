import Foundation
import QuestionSets

/// A short answer's answers as Moodle keeps them (GIFT's `{=a =b}`, Moodle XML's `shortanswer`)
/// made a written answer: the 100 % ones accepted, partial ones dropped; `*` is Moodle's wildcard
/// (that answer dropped), `\*` a star. Each step that loses something says so in a note.
enum ShortAnswer {
    /// The answer (nil, and the first note says why, when none is left), its feedback (the
    /// first accepted answer's) and the notes.
    static func read(_ answers: [(fraction: Double, text: String, feedback: String?)]) -> (SetQuizAnswer?, String?, [String]) {
        var notes: [String] = []
        if let note = ImportDifferences.gradesNote(answers.map(\.fraction)) { notes.append(note) }
        var accepted = answers.filter { $0.fraction >= 100 }
        if accepted.count < answers.count { notes.append("se han quitado las respuestas con crédito parcial") }
        if accepted.contains(where: { hasWildcard($0.text) }) {
            notes.append("se han quitado las respuestas con el comodín «*», que aquí no se admite")
            accepted.removeAll { hasWildcard($0.text) }
        }
        guard let first = accepted.first else { return (nil, nil, ["no le queda ninguna respuesta correcta"] + notes) }
        let texts = accepted.map { $0.text.replacingOccurrences(of: "\\*", with: "*") }
        if answers.contains(where: { $0.feedback != nil && $0.feedback != first.feedback }) { notes.append(ImportDifferences.answerFeedback) }
        return (.text(answer: texts[0], alternatives: Array(texts.dropFirst())), first.feedback, notes)
    }

    /// Whether a short answer has Moodle's wildcard: a `*` not escaped as `\*`.
    static func hasWildcard(_ text: String) -> Bool {
        text.replacingOccurrences(of: "\\*", with: "").contains("*")
    }
}
