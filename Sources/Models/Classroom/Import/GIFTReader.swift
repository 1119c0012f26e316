import Foundation

/// A GIFT file (Moodle's "General Import Format Template") read into questions. Questions are
/// separated by blank lines; `//` lines are comments; `$CATEGORY:` names the bank (the set's
/// title when the import gives none); a question may have a `::title::` and a `[html]`,
/// `[moodle]`, `[plain]` or `[markdown]` format, and its answers in one `{…}` block, over
/// several lines if need be. Kinds: `{=a ~b}` one right choice, `{~%50%a ~%50%b ~%-100%c}`
/// several right (the positive ones), `{T}`/`{FALSE}` true or false, `{=a =b}` a written answer,
/// `{#v}`, `{#v:t}`, `{#min..max}` a number; braces mid-sentence leave a blank «_____». A
/// matching question or an essay `{}` is skipped, partial credit and `*` wildcards are dropped,
/// each with a note. `#feedback` (the right answer's) and `####` general feedback become the
/// question's feedback, the general one first.
enum GIFTReader {
    /// The comment that marks the next question as a poll (Moodle has none: it imports it as a
    /// multiple choice with every option right).
    static let pollMarker = "// Adivina: encuesta"

    static func read(_ text: String) -> ImportReading {
        var reading = ImportReading()
        var block: [String] = []
        var poll = false
        func flush() {
            let source = block.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            // Read when the import gets to it: past the set's limit a question is only counted.
            if !source.isEmpty { reading.later { [poll] in question(source, poll: poll) } }
            block = []
            poll = false
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
            } else if trimmed.hasPrefix("//") {
                if trimmed.lowercased() == pollMarker.lowercased() { poll = true }
            } else if trimmed.hasPrefix("$CATEGORY:") {
                flush()
                reading.title = MoodleCategory.title(String(trimmed.dropFirst("$CATEGORY:".count)))
            } else {
                block.append(String(line))
            }
        }
        flush()
        return reading
    }

    /// One question's block.
    private static func question(_ source: String, poll: Bool) -> ImportDraft {
        var text = Array(source)
        var name: String?
        if text.starts(with: [":", ":"]), let end = GIFTText.find("::", in: text, from: 2) {
            name = GIFTText.unescaped(text[2..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
            text = Array(text[(end + 2)...].drop { $0.isWhitespace })
        }
        var format = "moodle"
        for candidate in ["html", "moodle", "plain", "markdown"] where text.starts(with: Array("[\(candidate)]")) {
            format = candidate
            text.removeFirst(candidate.count + 2)
        }
        guard let open = GIFTText.find("{", in: text) else {
            let shown = name ?? ImportDraft.name(of: GIFTText.unescaped(text))
            return ImportDraft(name: shown, skipped: "es una descripción, sin respuestas: no se puede jugar")
        }
        guard let close = GIFTText.find("}", in: text, from: open + 1) else {
            let shown = name ?? ImportDraft.name(of: GIFTText.unescaped(text[..<open]))
            return ImportDraft(name: shown, skipped: "a sus respuestas les falta la llave de cierre «}»")
        }
        let before = GIFTText.unescaped(text[..<open])
        let after = GIFTText.unescaped(text[(close + 1)...])
        let blank = !after.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        var question = blank ? before + "_____" + after : before
        var image: String?
        var notes: [String] = []
        if format == "html" {
            let html = QuestionHTML(html: question)
            question = html.text
            image = html.images.first { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
            if html.images.count > (image == nil ? 0 : 1) { notes.append("solo se conserva una imagen por pregunta, de una dirección http(s)") }
        }
        question = question.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = name.flatMap { $0.isEmpty ? nil : $0 } ?? ImportDraft.name(of: question)
        let answers = GIFTAnswers(Array(text[(open + 1)..<close]), poll: poll)
        guard let answer = answers.answer else {
            return ImportDraft(name: shown, skipped: answers.notes.first ?? "sus respuestas no se entienden")
        }
        let quiz = SetQuiz(question: question, answer: answer, image: image, feedback: answers.feedback)
        return ImportDraft(name: shown, quiz: quiz, notes: notes + answers.notes)
    }
}

/// The category a Moodle bank names (`$course$/top/Álgebra/Tema 1`) as a set's title: its last
/// part (`Tema 1`), `//` standing for a `/` within a name; nil for Moodle's own top levels.
enum MoodleCategory {
    static func title(_ path: String) -> String? {
        let parts = path.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "//", with: "\u{0}")
            .split(separator: "/")
            .map { $0.replacingOccurrences(of: "\u{0}", with: "/").trimmingCharacters(in: .whitespaces) }
        guard let last = parts.last, !last.isEmpty, !["top", "$course$", "$system$", "$module$", "$cat1$"].contains(last)
        else { return nil }
        return last
    }

    /// `title` as the category path Moodle's own exports write.
    static func path(_ title: String) -> String {
        "$course$/top/" + title.replacingOccurrences(of: "/", with: "//")
    }
}
