import Foundation
import QuestionSets

/// An Aiken file read into choice questions as Moodle reads it: each question is its text (one
/// or more lines), then its options, one a line, `A)` or `A.` and the text, then `ANSWER: X`. Blank lines
/// between questions are allowed. A question without options, with an answer letter that is
/// none of its options, without its `ANSWER:` before the next question (a line after the
/// options that is no option starts the next one, as in Moodle), or cut short by the end of the
/// file is skipped with a note. Unlike Moodle, a question may take several lines before its options.
enum AikenReader {
    static func read(_ text: String) -> ImportReading {
        var reading = ImportReading()
        var question: [String] = []
        var options: [(letter: Character, text: String)] = []
        var tooMany = false
        let missingAnswer = "le falta la línea «ANSWER:» antes de la pregunta siguiente"
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            // Moodle skips a line shorter than two characters, and an option or an answer
            // before any question.
            if line.count < 2 { continue }
            if question.isEmpty, answerLetter(line) != nil || option(line) != nil {
                reading.add(ImportDraft(name: line, skipped: "no hay ninguna pregunta antes de esta línea"))
                continue
            }
            if let letter = answerLetter(line) {
                let name = ImportDraft.name(of: question.joined(separator: "\n"))
                if tooMany {
                    reading.add(ImportDraft(name: name, skipped: ImportDifferences.tooManyAnswers))
                } else if question.isEmpty || options.isEmpty {
                    reading.add(ImportDraft(name: name.isEmpty ? "ANSWER: \(letter)" : name, skipped: "le faltan la pregunta o las opciones"))
                } else if !options.contains(where: { $0.letter == letter }) {
                    reading.add(ImportDraft(name: name, skipped: "la respuesta «\(letter)» no es ninguna de sus opciones"))
                } else {
                    let quiz = SetQuiz.choice(
                        question.joined(separator: "\n"),
                        options: options.map { SetQuizOption(text: $0.text, right: $0.letter == letter) }, multiple: false)
                    // Moodle reads a question of one line: of a longer one it keeps only the last.
                    let lines = question.count > 1 ? ["Moodle solo leería su última línea: la pregunta ocupa una línea en Aiken"] : []
                    reading.add(ImportDraft(name: name, quiz: quiz, notes: lines))
                }
                question = []
                options = []
                tooMany = false
            } else if !question.isEmpty, let found = self.option(line) {
                // Past the limit a question's options are only counted: a hostile file costs
                // one pass (the question is refused at its `ANSWER:`).
                if options.count <= ImportDifferences.maxAnswers { options.append(found) } else { tooMany = true }
            } else if options.isEmpty {
                question.append(line)
            } else {
                // A line after the options that is neither an option nor the answer starts the
                // next question, as in Moodle: this one lacks its answer and is left out.
                reading.add(ImportDraft(name: ImportDraft.name(of: question.joined(separator: "\n")), skipped: missingAnswer))
                question = [line]
                options = []
                tooMany = false
            }
        }
        if !question.isEmpty {
            reading.add(ImportDraft(name: ImportDraft.name(of: question.joined(separator: "\n")), skipped: "le falta la línea «ANSWER:» al final del fichero"))
        }
        return reading
    }

    /// The letter of an `ANSWER: X` line (its first character after the colon, uppercased), or nil.
    private static func answerLetter(_ line: String) -> Character? {
        guard line.hasPrefix("ANSWER") else { return nil }
        let rest = line.dropFirst("ANSWER".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        let letter = rest.dropFirst().trimmingCharacters(in: .whitespaces).first ?? " "
        return Character(letter.uppercased())
    }

    /// An `A) text` or `A. text` line (a capital letter, the space optional, as Moodle reads
    /// it) as its letter and text, or nil.
    private static func option(_ line: String) -> (letter: Character, text: String)? {
        var characters = line.makeIterator()
        guard let letter = characters.next(), letter.isASCII, letter.isUppercase,
              let mark = characters.next(), mark == ")" || mark == "."
        else { return nil }
        return (letter, line.dropFirst(2).trimmingCharacters(in: .whitespaces))
    }
}
