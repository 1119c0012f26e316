import Foundation

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

    static func read(_ text: String) throws(ModelError) -> ImportReading {
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
        for (index, question) in root.all("question").enumerated() {
            let type = question.attributes["type"] ?? ""
            if type == "category" {
                if reading.title == nil, let path = question.first("category")?.first("text")?.text {
                    reading.title = MoodleCategory.title(path)
                }
                continue
            }
            let body = Self.text(question.first("questiontext"), autoFormatIsHTML: true)
            let name = question.first("name")?.first("text")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let shown = name.flatMap { $0.isEmpty ? nil : $0 } ?? ImportDraft.name(of: body.text)
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
            let image = Self.image(body.images, question: question, key: "q\(index)", into: &reading, notes: &notes)
            let feedback = Self.text(question.first("generalfeedback"), autoFormatIsHTML: true).text
            let quiz = SetQuiz(question: body.text, answer: kind, image: image, feedback: feedback.isEmpty ? nil : feedback)
            reading.add(ImportDraft(name: shown, quiz: quiz, notes: notes))
        }
        return reading
    }

    /// The text of a `<…><text>` pair: HTML made plain when its `format` is `html` (or, with
    /// `autoFormatIsHTML`, Moodle's auto-format: HTML whose line ends are breaks, as a question
    /// imported from GIFT into Moodle has; an answer's auto-format is plain text).
    static func text(_ element: XMLTree.Element?, autoFormatIsHTML: Bool = false) -> QuestionHTML {
        let raw = element?.first("text")?.text ?? ""
        let format = element?.attributes["format"]
        if format == "html" { return QuestionHTML(html: raw) }
        if autoFormatIsHTML, format == "moodle_auto_format" {
            return QuestionHTML(html: raw.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "<br>"))
        }
        return QuestionHTML(text: raw.trimmingCharacters(in: .whitespacesAndNewlines), images: [])
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
        let answers = question.all("answer").map { element in
            (fraction: Double(element.attributes["fraction"] ?? "0") ?? 0, element: element)
        }
        switch type {
        case "multichoice":
            let poll = question.first("tags")?.all("tag").contains { $0.first("text")?.text == pollTag } ?? false
            let single = question.first("single")?.text.trimmingCharacters(in: .whitespaces).lowercased() != "false"
            return MoodleXMLAnswers(choices: answers.map { ($0.fraction, text($0.element).text) }, single: single, poll: poll)
        case "truefalse":
            let right = answers.first { $0.fraction == 100 }?.element.first("text")?.text.trimmingCharacters(in: .whitespaces).lowercased()
            return MoodleXMLAnswers(truth: right.map { $0 == "true" })
        case "shortanswer":
            return MoodleXMLAnswers(written: answers.map { ($0.fraction, text($0.element).text) })
        case "numerical":
            return MoodleXMLAnswers(numbers: answers.map {
                ($0.fraction, $0.element.first("text")?.text ?? "", $0.element.first("tolerance")?.text ?? "0")
            })
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
