import Foundation

/// The answer block of a GIFT question (what is between its braces) as a kind of answer, the
/// feedback and the notes of what was dropped; `answer` is nil (and the first note says why)
/// when the question cannot be played.
struct GIFTAnswers {
    private(set) var answer: SetQuizAnswer?
    private(set) var feedback: String?
    private(set) var notes: [String] = []

    /// One `=` or `~` answer: right-marked or not, its weight in percent, text and feedback.
    private struct Option {
        var marked: Bool
        var weight: Double?
        var text: String
        var feedback: String?
    }

    init(_ block: [Character], poll: Bool) {
        var content = block
        if let general = GIFTText.find("####", in: content) {
            feedback = Self.clean(GIFTText.unescaped(content[(general + 4)...]), keepingLines: true)
            content = Array(content[..<general])
        }
        let trimmed = String(content).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            notes = ["es una pregunta de ensayo (respuesta libre larga): no se puede jugar"]
        } else if trimmed.hasPrefix("#") {
            number(Array(trimmed.dropFirst()))
        } else if let truth = Self.truth(trimmed) {
            answer = .truefalse(truth.value)
            if feedback == nil { feedback = truth.feedback }
        } else {
            options(Array(trimmed), poll: poll)
        }
    }

    /// `{T}`, `{TRUE}`, `{F}`, `{FALSE}`, with `#wrong#right` feedback.
    private static func truth(_ text: String) -> (value: Bool, feedback: String?)? {
        let characters = Array(text)
        let parts = GIFTText.positions(of: ["#"], in: characters)
        let word = String(characters[..<(parts.first ?? characters.count)]).trimmingCharacters(in: .whitespaces).uppercased()
        guard ["T", "TRUE", "F", "FALSE"].contains(word) else { return nil }
        // The second feedback is the right answer's.
        let right = parts.count >= 2 ? clean(GIFTText.unescaped(characters[(parts[1] + 1)...]), keepingLines: true) : nil
        return (word.hasPrefix("T"), right)
    }

    private mutating func number(_ text: [Character]) {
        var specs: [(weight: Double?, spec: String, feedback: String?)] = []
        let marks = GIFTText.positions(of: ["="], in: text)
        if marks.isEmpty {
            let (spec, feedback) = Self.splitFeedback(text[...])
            specs = [(nil, spec, feedback)]
        } else {
            for (index, mark) in marks.enumerated() {
                let end = index + 1 < marks.count ? marks[index + 1] : text.count
                let (weight, rest) = Self.weight(text[(mark + 1)..<end])
                let (spec, feedback) = Self.splitFeedback(rest)
                specs.append((weight, spec, feedback))
            }
        }
        let full = specs.filter { $0.weight == nil || $0.weight == 100 }
        guard let first = full.first else {
            notes = ["ninguna respuesta numérica vale el 100 %"]
            return
        }
        guard let range = Self.range(first.spec) else {
            notes = ["el número «\(first.spec)» no se entiende"]
            return
        }
        if specs.count > 1 { notes.append("se han quitado las demás respuestas numéricas (solo vale una, sin crédito parcial)") }
        answer = .number(value: range.value, tolerance: range.tolerance)
        if feedback == nil { feedback = first.feedback }
    }

    /// `v`, `v:t` or `min..max` as a value and a tolerance.
    private static func range(_ spec: String) -> (value: Double, tolerance: Double)? {
        func number(_ text: some StringProtocol) -> Double? {
            Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
        }
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

    private mutating func options(_ text: [Character], poll: Bool) {
        let marks = GIFTText.positions(of: ["=", "~"], in: text)
        guard let firstMark = marks.first, String(text[..<firstMark]).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            notes = ["sus respuestas no empiezan por «=» ni por «~»"]
            return
        }
        var options: [Option] = []
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1] : text.count
            let (weight, rest) = Self.weight(text[(mark + 1)..<end])
            let (body, optionFeedback) = Self.splitFeedback(rest)
            if GIFTText.find("->", in: Array(body)) != nil {
                notes = ["es una pregunta de emparejar: no se puede jugar"]
                return
            }
            options.append(Option(marked: text[mark] == "=", weight: weight, text: Self.clean(body, keepingLines: false), feedback: optionFeedback))
        }
        if poll {
            answer = .poll(options.map(\.text))
        } else if options.allSatisfy(\.marked) {
            written(options)
        } else {
            choice(options)
        }
    }

    /// Only `=` answers: a written answer, the 100 % ones accepted.
    private mutating func written(_ options: [Option]) {
        var accepted = options.filter { $0.weight == nil || $0.weight == 100 }
        if accepted.count < options.count { notes.append("se han quitado las respuestas con crédito parcial") }
        let wildcard = accepted.filter { $0.text.contains("*") }
        if !wildcard.isEmpty {
            notes.append("se han quitado las respuestas con el comodín «*», que aquí no se admite")
            accepted.removeAll { $0.text.contains("*") }
        }
        guard let first = accepted.first else {
            notes.insert("no le queda ninguna respuesta correcta", at: 0)
            return
        }
        answer = .text(answer: first.text, alternatives: accepted.dropFirst().map(\.text))
        if feedback == nil { feedback = first.feedback }
    }

    /// `=` and `~`, or `~` with weights: a choice.
    private mutating func choice(_ options: [Option]) {
        let hasMarked = options.contains(where: \.marked)
        let choices = options.map { option in
            SetQuizOption(text: option.text, right: hasMarked ? option.marked : (option.weight ?? 0) > 0)
        }
        if hasMarked, options.contains(where: { !$0.marked && ($0.weight ?? 0) > 0 }) {
            notes.append("se ha quitado el crédito parcial: las opciones sin «=» cuentan como incorrectas")
        }
        guard choices.contains(where: \.right) else {
            notes.insert("ninguna opción es correcta", at: 0)
            return
        }
        answer = .choice(choices)
        if feedback == nil { feedback = options.first { $0.marked || ($0.weight ?? 0) > 0 }?.feedback }
    }

    /// A leading `%weight%` and the rest.
    private static func weight(_ text: ArraySlice<Character>) -> (Double?, ArraySlice<Character>) {
        let body = text.drop { $0.isWhitespace }
        guard body.first == "%", let end = body.dropFirst().firstIndex(of: "%"),
              let weight = Double(String(body[(body.startIndex + 1)..<end]).trimmingCharacters(in: .whitespaces))
        else { return (nil, body) }
        return (weight, body[(end + 1)...])
    }

    /// An answer's text (unescaped) and its `#feedback`.
    private static func splitFeedback(_ text: ArraySlice<Character>) -> (String, String?) {
        let characters = Array(text)
        guard let mark = GIFTText.find("#", in: characters) else { return (GIFTText.unescaped(characters), nil) }
        let feedback = clean(GIFTText.unescaped(characters[(mark + 1)...]), keepingLines: true)
        return (GIFTText.unescaped(characters[..<mark]), feedback)
    }

    /// `text` trimmed, its runs of spaces and line breaks made one space (or kept as lines);
    /// nil when blank.
    static func clean(_ text: String, keepingLines: Bool) -> String {
        if keepingLines { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
