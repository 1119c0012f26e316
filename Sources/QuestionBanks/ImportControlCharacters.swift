import QuestionSets

/// The rule every route keeps, applied to a bank as the text it is once read: no control
/// character but tab and newline, nor U+FFFE or U+FFFF (Unicode's Cc: C0, DEL, C1; a file's CRLF is a newline by
/// then). What a file brings in raw, or as a Moodle XML numeric entity (`&#x1B;`) or a JSON
/// escape (`\u0007`), is dropped from every text of the quiz, with a note.
enum ImportControlCharacters {
    /// The note of a quiz that had some.
    static let note = "se han quitado caracteres de control (invisibles) de sus textos"

    /// Whether `scalar` is dropped: a control character, or U+FFFE and U+FFFF, which no XML
    /// file may hold (an export with one would be refused by Moodle).
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacterRule.isRefused(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// Whether `character` is a space between words: whitespace but none of the dropped
    /// characters (U+0085, a C1 control, is whitespace to Unicode: it is dropped, not a space).
    static func isSpace(_ character: Character) -> Bool {
        character.isWhitespace && !character.unicodeScalars.contains(where: isRefused)
    }

    /// One line of `text`: its runs of spaces made one, trimmed.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: isSpace).joined(separator: " ")
    }

    /// `text` without them.
    static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRefused) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isRefused($0) }))
    }

    /// `quiz` with every text cleaned, and whether anything was dropped.
    static func cleaned(_ quiz: SetQuiz) -> (SetQuiz, Bool) {
        var result = quiz
        result.question = cleaned(quiz.question)
        result.feedback = quiz.feedback.map(cleaned)
        result.name = quiz.name.map(cleaned)
        result.category = quiz.category.map(cleaned)
        result.image = quiz.image.map(cleaned)
        switch quiz.answer {
        case .text(let answer, let alternatives): result.answer = .text(answer: cleaned(answer), alternatives: alternatives.map(cleaned))
        case .choice(let options):
            result.answer = .choice(options.map { SetQuizOption(text: cleaned($0.text), right: $0.right, feedback: $0.feedback.map(cleaned)) })
        case .poll(let options): result.answer = .poll(options.map(cleaned))
        case .truefalse, .number: break
        }
        return (result, result != quiz)
    }
}
