import Foundation

/// How a set's quiz judges a player's answer, by kind.
extension SetQuiz {
    /// Whether `given` is right: `text`, the answer or an alternative (trimmed, case aside, as the
    /// quiz server compares: `AnswerText.isRight`); `choice`, `multiple`: exactly the right
    /// options (all of them, nothing else), single: one option, and any right one is right; `truefalse`, the same truth; `number`, within the tolerance; nil
    /// for a `poll` (no right answer). A wrong shape for the kind, an index out of range or a
    /// text over `GivenAnswer.maxLength` is refused (`invalid`, Spanish).
    public func judge(_ given: GivenAnswer) throws(QuestionSetError) -> Bool? {
        let given = try given.shaped(for: kind)
        switch (answer, given) {
        case (.text(let answer, let alternatives), .text(let text)):
            return ([answer] + alternatives).contains { AnswerText.isRight(text, for: $0) }
        case (.choice(let options), .choices(let picked)):
            let chosen = try Self.indexes(picked, among: options.count)
            guard multiple else {
                guard let one = chosen.first, chosen.count == 1 else { throw .invalid("Elige una sola opción.") }
                return options[one].right
            }
            return chosen == Set(options.indices.filter { options[$0].right })
        case (.truefalse(let truth), .truth(let said)):
            return truth == said
        case (.number(let value, let tolerance), .number(let number)):
            // A hair of slack, so 0.1 + 0.2 is 0.3 to a teacher.
            return abs(number - value) <= tolerance + 1e-9 * max(1, abs(value))
        case (.poll(let options), .option(let index)):
            _ = try Self.indexes([index], among: options.count)
            return nil
        default:
            throw .invalid("La respuesta no es del tipo de la pregunta.")
        }
    }

    /// Whether `given` is right for a text quiz (see `judge`); false for other kinds.
    public func accepts(_ given: String) -> Bool {
        (try? judge(.text(given))) == true
    }

    /// The 0-based options `given` picks (`choice`, `truefalse`: 0 true, 1 false; `poll`),
    /// empty for `text` and `number` — what the chart counts. `given` must have been judged.
    public func pickedOptions(_ given: GivenAnswer) -> [Int] {
        switch (kind, try? given.shaped(for: kind)) {
        case (.choice, .choices(let picked)?): Set(picked).sorted()
        case (.truefalse, .truth(let said)?): [said ? 0 : 1]
        case (.poll, .option(let index)?): [index]
        default: []
        }
    }

    /// `given` as text, as the results and the chart keep it («París», «B · C», «Verdadero»,
    /// «3,5»).
    public func answerText(_ given: GivenAnswer) -> String {
        switch (answer, try? given.shaped(for: kind)) {
        case (.text, .text(let text)?): return text.trimmingCharacters(in: .whitespacesAndNewlines)
        case (.number, .number(let value)?): return Self.spanish(value)
        default:
            let texts = optionTexts
            return pickedOptions(given).compactMap { texts.indices.contains($0) ? texts[$0] : nil }.joined(separator: " · ")
        }
    }

    /// `picked` as a set of option indexes: each within `count`, no repeats; or the refusal.
    private static func indexes(_ picked: [Int], among count: Int) throws(QuestionSetError) -> Set<Int> {
        guard picked.count <= count else { throw .invalid("Hay más opciones elegidas que opciones.") }
        guard !picked.isEmpty else { throw .invalid("Elige al menos una opción.") }
        let chosen = Set(picked)
        guard chosen.count == picked.count, chosen.allSatisfy({ (0..<count).contains($0) }) else {
            throw .invalid("Esa opción no existe.")
        }
        return chosen
    }
}
