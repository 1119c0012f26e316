import Foundation
import QuestionSets

/// A Moodle XML question bank (`<quiz><question type="…">…`) read into questions:
/// `multichoice` (single or several right), `truefalse`, `shortanswer` (the 100 % answers),
/// `numerical` (with `tolerance`), and `category` (the set's title when the import gives none).
/// HTML texts become plain text; an image embedded as a base64 `<file>` and shown with
/// `@@PLUGINFILE@@` is kept among the reading's files for the set's uploads (the store checks it
/// as an upload). Other types are skipped, each with a note.
enum MoodleXMLReader {
    /// The tag that marks a multiple choice as a poll (Moodle has no polls).
    static let pollTag = "adivina-encuesta"

    private static let otherTypes = [
        "matching": "de emparejar", "essay": "de ensayo", "description": "una descripción, sin respuesta",
        "multianswer": "de huecos (Cloze)", "calculated": "calculada", "calculatedsimple": "calculada",
        "calculatedmulti": "calculada", "ddwtos": "de arrastrar y soltar", "ddimageortext": "de arrastrar y soltar",
        "ddmarker": "de arrastrar y soltar", "gapselect": "de seleccionar palabras", "randomsamatch": "de emparejar al azar",
        "ordering": "de ordenar",
    ]

    static func read(_ text: String) throws(QuestionSetError) -> ImportReading {
        let root: XMLTree.Element
        do {
            root = try XMLTree.parse(text)
        } catch {
            throw .invalid("El fichero no es un XML de Moodle válido: \(error.reason).")
        }
        guard root.name == "quiz" else {
            throw .invalid("El fichero XML no es un banco de preguntas de Moodle (su raíz es <\(root.name)>, no <quiz>).")
        }
        var reading = ImportReading()
        var category: String?
        for (index, question) in root.all("question").enumerated() {
            let type = question.attributes["type"] ?? ""
            if type == "category" {
                if let path = question.first("category")?.first("text")?.text.trimmingCharacters(in: .whitespacesAndNewlines) {
                    category = path
                    if reading.title == nil { reading.title = MoodleCategory.title(path) }
                }
                continue
            }
            let markdown = question.first("questiontext")?.attributes["format"] == "markdown"
            let body = markdown
                ? MoodleTextFormat.markdown.question(question.first("questiontext")?.first("text")?.text ?? "")
                : Self.text(question.first("questiontext"))
            // Moodle keeps a name as plain text, its tags dropped.
            let name = question.first("name")?.first("text").map { QuestionHTML(html: $0.text).text.split(whereSeparator: \.isNewline).joined(separator: " ") }
            let shown = name.flatMap { $0.isEmpty ? nil : $0 } ?? ImportDraft.name(of: markdown ? MoodleTextFormat.markdownText(body.text) : body.text)
            guard let answer = Self.answer(question, type: type) else {
                let kind = otherTypes[type].map { "es una pregunta \($0)" } ?? "es una pregunta de tipo «\(type)»"
                reading.add(ImportDraft(name: shown, skipped: "\(kind): no se puede jugar"))
                continue
            }
            guard let kind = answer.kind else {
                reading.add(ImportDraft(name: shown, skipped: answer.notes.first ?? "sus respuestas no se entienden"))
                continue
            }
            var notes = answer.notes
            if Self.hasMarkdownBesideTheQuestion(question) { notes.append(ImportDifferences.markdown) }
            let image = Self.image(body.images, question: question, key: "q\(index)", into: &reading, notes: &notes)
            let general = Self.text(question.first("generalfeedback")).text
            let feedback = general.isEmpty ? answer.feedback : general
            var quiz = SetQuiz(question: body.text, answer: kind, image: image, feedback: feedback, multiple: answer.multiple)
            quiz.name = name.flatMap { $0.isEmpty ? nil : String($0.prefix(SetQuiz.maxNameLength)) }
            quiz.category = category.map { String($0.prefix(SetQuiz.maxNameLength)) }
            quiz.markdown = markdown
            reading.add(ImportDraft(name: shown, quiz: quiz, notes: notes))
        }
        return reading
    }

    /// The text of a `<…><text>` pair in its `format` (`html`, `moodle_auto_format`,
    /// `plain_text`, `markdown`; none is Moodle's auto-format) as plain text.
    static func text(_ element: XMLTree.Element?) -> QuestionHTML {
        let raw = element?.first("text")?.text ?? ""
        let formats: [String: MoodleTextFormat] = ["html": .html, "plain_text": .plain, "markdown": .markdown]
        return (formats[element?.attributes["format"] ?? ""] ?? .moodle).read(raw)
    }

    /// Whether an answer or a feedback of `question` is in Markdown (kept as plain text).
    private static func hasMarkdownBesideTheQuestion(_ question: XMLTree.Element) -> Bool {
        let feedbacks = ["generalfeedback", "correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"].compactMap { question.first($0) }
        let answers = question.all("answer")
        return (feedbacks + answers + answers.compactMap { $0.first("feedback") }).contains { $0.attributes["format"] == "markdown" }
    }

    /// The text of an answer compared as typed (a short answer's, a number's): trimmed.
    private static func typed(_ element: XMLTree.Element) -> String {
        (element.first("text")?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An answer's own feedback as plain text, nil when blank.
    private static func feedback(_ element: XMLTree.Element) -> String? {
        let text = text(element.first("feedback")).text
        return text.isEmpty ? nil : text
    }

    /// The question's image: the first `<img>` that is an embedded file (kept in `reading.files`
    /// under `key/name`, named `@@PLUGINFILE@@/key/name`) or an http(s) address.
    private static func image(
        _ sources: [String], question: XMLTree.Element, key: String, into reading: inout ImportReading, notes: inout [String]
    ) -> String? {
        guard let source = sources.first else { return nil }
        if sources.count > 1 { notes.append("solo se conserva la primera imagen") }
        if source.hasPrefix("http://") || source.hasPrefix("https://") { return source }
        let prefix = "@@PLUGINFILE@@/"
        guard source.hasPrefix(prefix) else {
            notes.append("se ha quitado una imagen que no está en el fichero ni en una dirección http(s)")
            return nil
        }
        let name = String(source.dropFirst(prefix.count)).removingPercentEncoding ?? String(source.dropFirst(prefix.count))
        let files = question.first("questiontext")?.all("file") ?? []
        guard let file = files.first(where: { ($0.attributes["path"] ?? "/") + ($0.attributes["name"] ?? "") == "/" + name }),
              let bytes = Data(base64Encoded: file.text, options: .ignoreUnknownCharacters)
        else {
            notes.append("se ha quitado la imagen «\(name)»: no está en el fichero")
            return nil
        }
        reading.files["\(key)/\(name)"] = Array(bytes)
        return prefix + "\(key)/\(name)"
    }

    /// The kind of answer of a question of `type`, or nil for a type that cannot be played.
    private static func answer(_ question: XMLTree.Element, type: String) -> MoodleXMLAnswers? {
        let elements = question.all("answer")
        // Refused by their count before any is read, as in the other formats.
        guard elements.count <= ImportDifferences.maxAnswers else {
            let playable = ["multichoice", "truefalse", "shortanswer", "numerical"].contains(type)
            return playable ? MoodleXMLAnswers(refusal: ImportDifferences.tooManyAnswers) : nil
        }
        let answers = elements.map { element in
            MoodleXMLAnswers.Answer(
                fraction: Double(element.attributes["fraction"] ?? "0") ?? 0, text: typed(element),
                shown: text(element).text, feedback: feedback(element), tolerance: element.first("tolerance")?.text ?? "0")
        }
        switch type {
        case "multichoice":
            let poll = question.first("tags")?.all("tag").contains { $0.first("text")?.text == pollTag } ?? false
            let single = question.first("single")?.text.trimmingCharacters(in: .whitespaces).lowercased() != "false"
                && question.first("single")?.text.trimmingCharacters(in: .whitespaces) != "0"
            return MoodleXMLAnswers(choices: answers, single: single, poll: poll)
        case "truefalse":
            return MoodleXMLAnswers(truth: answers)
        case "shortanswer":
            return MoodleXMLAnswers(written: answers)
        case "numerical":
            return MoodleXMLAnswers(numbers: answers)
        default:
            return nil
        }
    }
}

extension QuestionHTML {
    /// Text that was not HTML.
    init(text: String, images: [String]) {
        self.init(html: "")
        self.text = text
        self.images = images
    }
}
