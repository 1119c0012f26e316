import Foundation

/// The answers of a Moodle XML question as a kind of answer (nil, and the first note says why,
/// when it cannot be played) and the notes of what was dropped on the way in.
struct MoodleXMLAnswers {
    var kind: SetQuizAnswer?
    var notes: [String] = []

    /// A `multichoice`: with `single`, the 100 % options are right (partial credit dropped);
    /// otherwise every option with a positive fraction is; a `poll` has none right.
    init(choices: [(fraction: Double, text: String)], single: Bool, poll: Bool) {
        if poll {
            kind = .poll(choices.map(\.text))
            return
        }
        let options = choices.map { SetQuizOption(text: $0.text, right: single ? $0.fraction >= 100 : $0.fraction > 0) }
        if single, choices.contains(where: { $0.fraction > 0 && $0.fraction < 100 }) {
            notes.append("se ha quitado el crédito parcial: solo la opción del 100 % cuenta como correcta")
        }
        guard options.contains(where: \.right) else {
            notes.insert("ninguna opción vale el 100 %", at: 0)
            return
        }
        kind = .choice(options)
    }

    /// A `truefalse`: the value of its 100 % answer.
    init(truth: Bool?) {
        guard let truth else {
            notes = ["ninguna de sus respuestas, verdadero o falso, vale el 100 %"]
            return
        }
        kind = .truefalse(truth)
    }

    /// A `shortanswer`: its 100 % answers, without `*` wildcards.
    init(written: [(fraction: Double, text: String)]) {
        var accepted = written.filter { $0.fraction >= 100 }.map(\.text)
        if accepted.count < written.count { notes.append("se han quitado las respuestas con crédito parcial") }
        if accepted.contains(where: { $0.contains("*") }) {
            notes.append("se han quitado las respuestas con el comodín «*», que aquí no se admite")
            accepted.removeAll { $0.contains("*") }
        }
        guard let first = accepted.first else {
            notes.insert("no le queda ninguna respuesta correcta", at: 0)
            return
        }
        kind = .text(answer: first, alternatives: Array(accepted.dropFirst()))
    }

    /// A `numerical`: its first 100 % answer and tolerance.
    init(numbers: [(fraction: Double, value: String, tolerance: String)]) {
        func number(_ text: String) -> Double? {
            Double(text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
        }
        guard let first = numbers.first(where: { $0.fraction >= 100 && number($0.value) != nil }),
              let value = number(first.value)
        else {
            notes = ["ninguna respuesta numérica vale el 100 %"]
            return
        }
        guard let tolerance = number(first.tolerance), tolerance >= 0 else {
            notes = ["el margen «\(first.tolerance)» no se entiende"]
            return
        }
        if numbers.count > 1 { notes.append("se han quitado las demás respuestas numéricas (solo vale una, sin crédito parcial)") }
        kind = .number(value: value, tolerance: tolerance)
    }
}
