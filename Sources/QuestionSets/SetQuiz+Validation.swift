import Foundation

/// The limits of a set's quiz, checked in one pass: every list is refused by its length before
/// any of its items is looked at, and repeats are found by hashing, so a hostile list costs no
/// more than its length.
extension SetQuiz {
    /// The quiz trimmed and checked: a question within its length; feedback within its length
    /// (blank is none); an image that is one of the app's uploads (blank is none; any other
    /// address is refused, `outsideImageMessage`); and by kind — `text`: an answer, at most `maxAlternatives` alternatives (blank ones
    /// and repeats dropped); `choice`: 2–6 options of text, at least one right; `poll`: 2–6
    /// options of text; `number`: a finite value and a finite tolerance ≥ 0.
    public func validated() throws(QuestionSetError) -> SetQuiz {
        let question = try Self.text(question, field: "la pregunta", limit: Self.maxQuestionLength)
        let answer = try Self.validated(answer)
        let image = try image.flatMap(Self.imageURL)
        let feedback = try Self.feedbackText(feedback)
        var checked = SetQuiz(question: question, answer: answer, image: image, feedback: feedback, multiple: multiple)
        checked.name = try Self.label(name, field: "el nombre")
        checked.category = try Self.label(category, field: "la categoría")
        checked.markdown = markdown
        return checked
    }

    /// The longest name or category path, in characters (Moodle's own limit).
    public static let maxNameLength = 255

    /// A name or a category trimmed, on one line and within `maxNameLength`; blank is none.
    private static func label(_ text: String?, field: String) throws(QuestionSetError) -> String? {
        guard let text else { return nil }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : try Self.text(line, field: field, limit: maxNameLength)
    }

    /// Feedback trimmed and within its length; blank is none.
    private static func feedbackText(_ text: String?) throws(QuestionSetError) -> String? {
        try text.flatMap { (text: String) throws(QuestionSetError) -> String? in
            text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? nil : try Self.text(text, field: "el comentario", limit: Self.maxFeedbackLength)
        }
    }

    private static func validated(_ answer: SetQuizAnswer) throws(QuestionSetError) -> SetQuizAnswer {
        switch answer {
        case .text(let answer, let alternatives):
            // Refused by its length first: a list of thousands is not read item by item.
            guard alternatives.count <= maxAlternatives else {
                throw .invalid("Como mucho \(maxAlternatives) respuestas alternativas.")
            }
            let answer = try text(answer, field: "la respuesta", limit: maxAnswerLength)
            var seen: Set<String> = [AnswerText.normalised(answer)]
            var kept: [String] = []
            for alternative in alternatives {
                let trimmed = alternative.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty, seen.insert(AnswerText.normalised(trimmed)).inserted else { continue }
                kept.append(try text(trimmed, field: "una respuesta alternativa", limit: maxAnswerLength))
            }
            return .text(answer: answer, alternatives: kept)
        case .choice(let options):
            let texts = try optionTexts(options.map(\.text))
            guard options.contains(where: \.right) else { throw .invalid("Marca al menos una opción como correcta.") }
            var kept: [SetQuizOption] = []
            for (text, option) in zip(texts, options) {
                kept.append(SetQuizOption(text: text, right: option.right, feedback: try feedbackText(option.feedback)))
            }
            return .choice(kept)
        case .poll(let options):
            return .poll(try optionTexts(options))
        case .truefalse:
            return answer
        case .number(let value, let tolerance):
            guard value.isFinite else { throw .invalid("Falta el valor correcto.") }
            guard tolerance.isFinite, tolerance >= 0 else { throw .invalid("El margen debe ser un número de 0 en adelante.") }
            return answer
        }
    }

    /// Options' texts trimmed: 2–6 of them (counted first), none blank or too long, no repeats.
    private static func optionTexts(_ texts: [String]) throws(QuestionSetError) -> [String] {
        guard optionCount.contains(texts.count) else {
            throw .invalid("Hacen falta de \(optionCount.lowerBound) a \(optionCount.upperBound) opciones.")
        }
        var seen: Set<String> = []
        var kept: [String] = []
        for text in texts {
            let trimmed = try Self.text(text, field: "el texto de una opción", limit: maxAnswerLength)
            guard seen.insert(AnswerText.normalised(trimmed)).inserted else {
                throw .invalid("Hay dos opciones iguales: «\(trimmed)».")
            }
            kept.append(trimmed)
        }
        return kept
    }

    /// `text` trimmed, refused when blank or longer than `limit`; `field` names it («el título»).
    static func text(_ text: String, field: String, limit: Int) throws(QuestionSetError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid("Falta \(field).") }
        guard trimmed.count <= limit else {
            throw .invalid("\(field.prefix(1).uppercased() + field.dropFirst()) tiene más de \(limit) caracteres.")
        }
        return trimmed
    }

    /// A usable image URL (trimmed; nil when blank), or the refusal.
    private static func imageURL(_ text: String) throws(QuestionSetError) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= maxImageLength else { throw .invalid("La dirección de la imagen es demasiado larga.") }
        // An upload's own address written whole (an exported file's) is taken as the upload.
        var path = trimmed
        if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
           url.path.hasPrefix(uploadedImagePrefix), url.query == nil
        {
            path = url.path
        }
        guard path.hasPrefix(uploadedImagePrefix) else { throw .invalid(outsideImageMessage) }
        guard SetImage.isName(path.dropFirst(uploadedImagePrefix.count)) else { throw .invalid("La imagen subida no es válida.") }
        return path
    }

    /// Why an image that is not one of the app's uploads is refused. The class's pages show only
    /// the app's own images (their Content-Security-Policy allows no other site, and phones may
    /// have no internet), so an image elsewhere would never show: the teacher uploads it.
    public static let outsideImageMessage =
        "La imagen debe estar subida a la aplicación: los móviles y el proyector no muestran imágenes de otros sitios. Descárgala y súbela con «Subir imagen»."

}
