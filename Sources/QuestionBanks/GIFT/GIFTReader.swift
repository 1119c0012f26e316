import Foundation
import QuestionSets

/// A GIFT file (Moodle's "General Import Format Template") read into questions as Moodle's own
/// parser reads it (`GIFTAnswers` says how an answer block is read). Questions are separated by
/// blank lines; `//` lines are comments; `$CATEGORY:` files the questions after it (each keeps
/// the whole path, and the last part names the set when the import gives no title); a question
/// may have a `::name::` (kept) and a `[html]`, `[moodle]`, `[plain]` or `[markdown]` format
/// (`MoodleTextFormat`; Moodle's auto-format by default), and its answers in one `{…}` block,
/// over several lines if need be; braces that do not end the question leave a blank «_____».
enum GIFTReader {
    /// The comment that marks the next question as a poll (Moodle has none: it imports it as a
    /// multiple choice with every option right).
    static let pollMarker = "// Adivina: encuesta"

    static func read(_ text: String) -> ImportReading {
        var reading = ImportReading()
        var block: [String] = []
        var poll = false
        var category: String?
        func flush() {
            let source = block.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            // Read when the import gets to it: past the set's limit a question is only counted.
            if !source.isEmpty { reading.later { [poll, category] in question(source, poll: poll, category: category) } }
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
                category = String(trimmed.dropFirst("$CATEGORY:".count)).trimmingCharacters(in: .whitespaces)
                // The first category names the set, as in Moodle XML (docs/api.md).
                if reading.title == nil { reading.title = category.flatMap(MoodleCategory.title) }
            } else {
                block.append(String(line))
            }
        }
        flush()
        return reading
    }

    /// One question's block.
    private static func question(_ source: String, poll: Bool, category: String?) -> ImportDraft {
        var text = Array(source)
        var name: String?
        if text.starts(with: [":", ":"]), let end = GIFTText.find("::", in: text, from: 2) {
            name = GIFTText.unescaped(text[2..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
            text = Array(text[(end + 2)...].drop { $0.isWhitespace })
        }
        var format = MoodleTextFormat.moodle
        if let (given, rest) = MoodleTextFormat.prefixed(String(text)[...]) {
            format = given
            text = Array(rest)
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
        // Moodle leaves a blank «_____» where the braces were, unless they end the question.
        let blank = text.last != "}"
        let read = format.question(blank ? before + "_____" + after : before + after)
        let image = read.images.first { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        var notes: [String] = []
        if read.images.count > (image == nil ? 0 : 1) { notes.append("solo se conserva una imagen por pregunta, de una dirección http(s)") }
        let question = read.text
        let shown = name.flatMap { $0.isEmpty ? nil : $0 } ?? ImportDraft.name(of: format == .markdown ? MoodleTextFormat.markdownText(question) : question)
        let answers = GIFTAnswers(Array(text[(open + 1)..<close]), format: format, poll: poll)
        // The answers inherit the question's Markdown, kept as plain text: said when marks were lost.
        if format == .markdown {
            let plain = GIFTAnswers(Array(text[(open + 1)..<close]), format: .plain, poll: poll)
            if plain.answer != answers.answer || plain.feedback != answers.feedback { notes.append(ImportDifferences.markdown) }
        }
        guard let answer = answers.answer else {
            return ImportDraft(name: shown, skipped: answers.notes.first ?? "sus respuestas no se entienden")
        }
        var quiz = SetQuiz(question: question, answer: answer, image: image, feedback: answers.feedback, multiple: answers.multiple)
        quiz.name = name.map { String($0.prefix(SetQuiz.maxNameLength)) }
        quiz.category = category.map { String($0.prefix(SetQuiz.maxNameLength)) }
        quiz.markdown = format == .markdown
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
