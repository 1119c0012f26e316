import Foundation

/// An Aiken file read into choice questions: each question is its text (one or more lines),
/// then its options, one a line, `A)` or `A.` and the text, then `ANSWER: X`. Blank lines
/// between questions are allowed. A question without options, with an answer letter that is
/// none of its options, or cut short by the end of the file is skipped with a note.
enum AikenReader {
    static func read(_ text: String) -> ImportReading {
        var reading = ImportReading()
        var question: [String] = []
        var options: [(letter: Character, text: String)] = []
        let option = /^([A-Za-z])[\).][ \t]+(.+)$/
        let answer = /^ANSWER[ \t]*:[ \t]*([A-Za-z])[ \t]*$/
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if let match = line.wholeMatch(of: answer) {
                let name = ImportDraft.name(of: question.joined(separator: "\n"))
                let letter = Character(match.output.1.uppercased())
                if question.isEmpty || options.isEmpty {
                    reading.drafts.append(ImportDraft(name: name.isEmpty ? "ANSWER: \(letter)" : name, skipped: "le faltan la pregunta o las opciones"))
                } else if !options.contains(where: { $0.letter == letter }) {
                    reading.drafts.append(ImportDraft(name: name, skipped: "la respuesta «\(letter)» no es ninguna de sus opciones"))
                } else {
                    let quiz = SetQuiz.choice(
                        question.joined(separator: "\n"),
                        options: options.map { SetQuizOption(text: $0.text, right: $0.letter == letter) })
                    reading.drafts.append(ImportDraft(name: name, quiz: quiz))
                }
                question = []
                options = []
            } else if !question.isEmpty, let match = line.wholeMatch(of: option) {
                options.append((Character(match.output.1.uppercased()), String(match.output.2).trimmingCharacters(in: .whitespaces)))
            } else if options.isEmpty {
                question.append(line)
            } else {
                // A line after the options that is neither an option nor the answer continues the
                // last option (a long one wrapped by an editor).
                options[options.count - 1].text += " " + line
            }
        }
        if !question.isEmpty {
            reading.drafts.append(ImportDraft(name: ImportDraft.name(of: question.joined(separator: "\n")), skipped: "le falta la línea «ANSWER:» al final del fichero"))
        }
        return reading
    }
}
