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
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if let letter = answerLetter(line) {
                let name = ImportDraft.name(of: question.joined(separator: "\n"))
                if question.isEmpty || options.isEmpty {
                    reading.add(ImportDraft(name: name.isEmpty ? "ANSWER: \(letter)" : name, skipped: "le faltan la pregunta o las opciones"))
                } else if !options.contains(where: { $0.letter == letter }) {
                    reading.add(ImportDraft(name: name, skipped: "la respuesta «\(letter)» no es ninguna de sus opciones"))
                } else {
                    let quiz = SetQuiz.choice(
                        question.joined(separator: "\n"),
                        options: options.map { SetQuizOption(text: $0.text, right: $0.letter == letter) })
                    reading.add(ImportDraft(name: name, quiz: quiz))
                }
                question = []
                options = []
            } else if !question.isEmpty, let found = self.option(line) {
                options.append(found)
            } else if options.isEmpty {
                question.append(line)
            } else {
                // A line after the options that is neither an option nor the answer continues the
                // last option (a long one wrapped by an editor).
                options[options.count - 1].text += " " + line
            }
        }
        if !question.isEmpty {
            reading.add(ImportDraft(name: ImportDraft.name(of: question.joined(separator: "\n")), skipped: "le falta la línea «ANSWER:» al final del fichero"))
        }
        return reading
    }

    /// The letter of an `ANSWER: X` line (uppercased), or nil.
    private static func answerLetter(_ line: String) -> Character? {
        guard line.hasPrefix("ANSWER") else { return nil }
        let rest = line.dropFirst("ANSWER".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        let letter = rest.dropFirst().trimmingCharacters(in: .whitespaces)
        guard letter.count == 1, let character = letter.first, character.isASCII, character.isLetter else { return nil }
        return Character(character.uppercased())
    }

    /// An `A) text` or `A. text` line as its letter (uppercased) and text, or nil.
    private static func option(_ line: String) -> (letter: Character, text: String)? {
        var characters = line.makeIterator()
        guard let letter = characters.next(), letter.isASCII, letter.isLetter,
              let mark = characters.next(), mark == ")" || mark == ".",
              let space = characters.next(), space == " " || space == "\t"
        else { return nil }
        let text = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : (Character(letter.uppercased()), text)
    }
}
