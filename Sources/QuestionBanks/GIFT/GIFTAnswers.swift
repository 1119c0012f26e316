import Foundation
import QuestionSets

/// The answer block of a GIFT question (what is between its braces) read as Moodle's own parser
/// reads it: a leading `#` is a number, an unescaped `~` a choice, `=` with `->` a matching
/// question, `T`/`F` true or false, anything else a written answer (`{París}` too). `answer` is
/// nil (and the first note says why) when the question cannot be played.
struct GIFTAnswers {
    private(set) var answer: SetQuizAnswer?
    /// The general feedback (`####`); for a written answer, a number or true or false without
    /// one, the right answer's own `#feedback` (a choice keeps each option's).
    private(set) var feedback: String?
    /// For a choice: Moodle's `single` false (no `=` option).
    private(set) var multiple = false
    private(set) var notes: [String] = []

    /// One `=` or `~` answer: right-marked or not, its weight in percent, text and feedback.
    private struct Option {
        var marked: Bool
        var weight: Double?
        var text: String
        var feedback: String?
        /// Its grade in percent, as Moodle gives it.
        var fraction: Double { weight ?? (marked ? 100 : 0) }
    }

    private let format: MoodleTextFormat

    /// Reads `block`; `format` is the question's, every answer's and feedback's own unless it
    /// names another (`[html]…`).
    init(_ block: [Character], format: MoodleTextFormat, poll: Bool) {
        self.format = format
        var content = block
        if let general = GIFTText.find("####", in: content) {
            feedback = text(GIFTText.unescaped(content[(general + 4)...]))
            content = Array(content[..<general])
        }
        let trimmed = Array(String(content).trimmingCharacters(in: .whitespacesAndNewlines))
        guard let marks = GIFTText.positions(of: ["=", "~"], in: trimmed, limit: ImportDifferences.maxAnswers) else {
            notes = [ImportDifferences.tooManyAnswers]
            return
        }
        let hasTilde = marks.contains { trimmed[$0] == "~" }
        if trimmed.isEmpty {
            notes = ["es una pregunta de ensayo (respuesta libre larga): no se puede jugar"]
        } else if trimmed.first == "#" {
            number(Array(trimmed.dropFirst()))
        } else if hasTilde {
            options(trimmed, marks: marks, poll: poll)
        } else if !marks.isEmpty, GIFTText.find("->", in: trimmed) != nil {
            notes = ["es una pregunta de emparejar: no se puede jugar"]
        } else if let truth = truth(trimmed) {
            answer = .truefalse(truth.value)
            if feedback == nil { feedback = truth.feedback }
            if truth.wrongFeedback { notes.append(ImportDifferences.answerFeedback) }
        } else {
            written(parts(trimmed, marks: marks))
        }
    }

    /// `raw` in the answer's format (a leading `[html]`… naming another) as plain text; nil when blank.
    private func text(_ raw: String) -> String? {
        let (chosen, body) = MoodleTextFormat.prefixed(raw[...]) ?? (format, raw[...])
        let read = chosen.read(String(body)).text
        return read.isEmpty ? nil : read
    }

    /// `{T}`, `{TRUE}`, `{F}`, `{FALSE}`, with `#wrong#right` feedback.
    private func truth(_ characters: [Character]) -> (value: Bool, feedback: String?, wrongFeedback: Bool)? {
        let parts = GIFTText.positions(of: ["#"], in: characters)
        let word = String(characters[..<(parts.first ?? characters.count)]).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard ["T", "TRUE", "F", "FALSE"].contains(word) else { return nil }
        // The second feedback is the right answer's.
        let right = parts.count >= 2 ? text(GIFTText.unescaped(characters[(parts[1] + 1)...])) : nil
        let wrong = parts.first.flatMap { first in text(GIFTText.unescaped(characters[(first + 1)..<(parts.count >= 2 ? parts[1] : characters.count)])) }
        return (word.hasPrefix("T"), right, wrong != nil)
    }

    /// The answers between `marks` (a text before the first mark is an answer too, as Moodle reads it).
    /// A choice's options are texts in a format; a written or numeric answer is compared as
    /// typed (`formatted` false: only a `[format]` prefix is dropped), as Moodle does.
    private func parts(_ text: [Character], marks: [Int], formatted: Bool = false) -> [Option] {
        var options: [Option] = []
        let head = String(text[..<(marks.first ?? text.count)]).trimmingCharacters(in: .whitespacesAndNewlines)
        if !head.isEmpty { options.append(option(text[..<(marks.first ?? text.count)], marked: true, formatted: formatted)) }
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1] : text.count
            options.append(option(text[(mark + 1)..<end], marked: text[mark] == "=", formatted: formatted))
        }
        return options
    }

    private func option(_ slice: ArraySlice<Character>, marked: Bool, formatted: Bool) -> Option {
        // A choice's `=` option is worth 100 % whatever follows it (Moodle reads no weight there).
        let (weight, rest) = formatted && marked ? (nil, slice.drop { $0.isWhitespace }) : Self.weight(slice)
        let characters = Array(rest)
        let mark = GIFTText.find("#", in: characters)
        let body = GIFTText.unescaped(characters[..<(mark ?? characters.count)])
        let feedback = mark.flatMap { text(GIFTText.unescaped(characters[($0 + 1)...])) }
        let raw = formatted ? text(body) ?? "" : String(MoodleTextFormat.prefixed(body[...])?.1 ?? body[...])
        let shown = ImportControlCharacters.oneLine(raw)
        return Option(marked: marked, weight: weight, text: shown, feedback: feedback)
    }

    /// `{#…}`: `v`, `v:t` or `min..max`, or `=` answers; what follows a `~` is the wrong
    /// answers' feedback, ignored.
    private mutating func number(_ block: [Character]) {
        let cut = Array(block[..<(GIFTText.find("~", in: block) ?? block.count)])
        let marks = GIFTText.positions(of: ["="], in: cut)
        let answers = parts(cut, marks: marks)
        let full = answers.filter { $0.fraction >= 100 }
        guard let first = full.first else {
            notes = ["ninguna respuesta numérica vale el 100 %"]
            return
        }
        guard let range = Self.range(first.text) else {
            notes = ["el número «\(first.text)» no se entiende"]
            return
        }
        if answers.count > 1 { notes.append("se han quitado las demás respuestas numéricas (solo vale una, sin crédito parcial)") }
        if marks.isEmpty, first.text.trimmingCharacters(in: .whitespacesAndNewlines) == "0" { notes.append(ImportDifferences.zero) }
        answer = .number(value: range.value, tolerance: range.tolerance)
        if feedback == nil { feedback = first.feedback }
        if answers.dropFirst().contains(where: { $0.feedback != nil }) || GIFTText.find("#", in: Array(block[cut.count...])) != nil {
            notes.append(ImportDifferences.answerFeedback)
        }
    }

    /// `v`, `v:t` or `min..max` as a value and a tolerance.
    private static func range(_ spec: String) -> (value: Double, tolerance: Double)? {
        func number(_ text: some StringProtocol) -> Double? { GivenAnswer.number(from: String(text)) }
        if let dots = spec.range(of: "..") {
            guard let low = number(spec[..<dots.lowerBound]), let high = number(spec[dots.upperBound...]), low <= high else { return nil }
            return ((low + high) / 2, (high - low) / 2)
        }
        let parts = spec.split(separator: ":", maxSplits: 1)
        guard let value = parts.first.flatMap(number) else { return nil }
        guard parts.count == 2 else { return (value, 0) }
        guard let tolerance = number(parts[1]), tolerance >= 0 else { return nil }
        return (value, tolerance)
    }

    private mutating func options(_ text: [Character], marks: [Int], poll: Bool) {
        guard let firstMark = marks.first, String(text[..<firstMark]).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            notes = ["sus respuestas no empiezan por «=» ni por «~» (¿fórmulas con llaves? En GIFT se escriben \\{ y \\})"]
            return
        }
        let options = parts(text, marks: marks, formatted: true)
        if poll {
            answer = .poll(options.map(\.text))
            return
        }
        // Moodle: a choice with an `=` option is single, and only its 100 % options are right;
        // without one it is multiple, and every option worth something is right.
        let single = options.contains(where: \.marked)
        multiple = !single
        let (choice, found) = MoodleChoice.read(
            options.map { ($0.text, $0.fraction, $0.feedback) }, single: single,
            partialNote: "se ha quitado el crédito parcial: solo las opciones del 100 % cuentan como correctas")
        notes += found
        guard let choice else {
            notes.insert("ninguna opción es correcta", at: 0)
            return
        }
        answer = choice
    }

    /// A written answer (`ShortAnswer`).
    private mutating func written(_ options: [Option]) {
        let (read, first, found) = ShortAnswer.read(options.map { ($0.fraction, $0.text, $0.feedback) })
        answer = read
        notes += found
        if feedback == nil { feedback = first }
    }

    /// A leading `%weight%` and the rest.
    private static func weight(_ text: ArraySlice<Character>) -> (Double?, ArraySlice<Character>) {
        let body = text.drop { $0.isWhitespace }
        guard body.first == "%", let end = body.dropFirst().firstIndex(of: "%"),
              let weight = Double(String(body[(body.startIndex + 1)..<end]).trimmingCharacters(in: .whitespaces))
        else { return (nil, body) }
        return (weight, body[(end + 1)...])
    }
}
