import Foundation
import QuestionSets

/// A `quizzes.json` read tolerantly: the course's list of quizzes (any of its shapes, and this
/// app's own kinds), or a set as this app sends it (`{"title","quizzes":[…]}`). Only what a
/// question needs to be played decides whether it is skipped: a field Adivina does not use
/// (`favourite`, `author`, an unknown one) is never looked at, a wrong image is dropped with a
/// note, and numbers stand for text where text is expected. The first quiz of a repeated `id`
/// is kept (the course's files repeat some).
enum QuizzesJSONReader {
    static func read(_ source: String) throws(QuestionSetError) -> ImportReading {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(source.utf8), options: [.fragmentsAllowed])
        } catch {
            throw .invalid("El fichero no es JSON válido (quizzes.json).")
        }
        var reading = ImportReading()
        let items: [Any]
        if let list = json as? [Any] {
            items = list
        } else if let set = json as? [String: Any], let list = set["quizzes"] as? [Any] {
            items = list
            reading.title = set["title"] as? String
        } else {
            throw .invalid("El fichero no es una lista de preguntas en JSON (quizzes.json).")
        }
        var ids: Set<String> = []
        for (index, item) in items.enumerated() {
            guard let fields = item as? [String: Any] else {
                reading.add(ImportDraft(name: "Elemento \(index + 1)", skipped: "no es una pregunta (un objeto JSON)"))
                continue
            }
            let id = (fields["id"] as? NSNumber).map { "\($0)" } ?? (fields["id"] as? String)
            let question = text(fields["question"]) ?? ""
            let name = question.isEmpty ? "Elemento \(index + 1)" : ImportDraft.name(of: question)
            if let id, !ids.insert(id).inserted {
                reading.add(ImportDraft(name: name, skipped: "repite el id \(id) de una pregunta anterior"))
                continue
            }
            reading.add(draft(fields, question: question, name: name))
        }
        return reading
    }

    private static func draft(_ fields: [String: Any], question: String, name: String) -> ImportDraft {
        guard !question.isEmpty else { return ImportDraft(name: name, skipped: "le falta la pregunta") }
        let kindName = fields["kind"] as? String ?? "text"
        guard let kind = QuizKind(rawValue: kindName) else {
            return ImportDraft(name: name, skipped: "su tipo «\(kindName)» no existe")
        }
        let answer: SetQuizAnswer
        switch kind {
        case .text:
            guard let right = text(fields["answer"]) else { return ImportDraft(name: name, skipped: "le falta la respuesta") }
            answer = .text(answer: right, alternatives: (fields["alternatives"] as? [Any] ?? []).compactMap(text))
        case .choice:
            let options = (fields["options"] as? [Any] ?? []).compactMap { option -> SetQuizOption? in
                guard let option = option as? [String: Any], let label = text(option["text"]) else { return nil }
                return SetQuizOption(text: label, right: truth(option["right"]) ?? false)
            }
            answer = .choice(options)
        case .truefalse:
            guard let value = truth(fields["answer"]) else { return ImportDraft(name: name, skipped: "le falta la respuesta: verdadero o falso") }
            answer = .truefalse(value)
        case .number:
            guard let value = number(fields["value"]) else { return ImportDraft(name: name, skipped: "le falta el valor correcto") }
            answer = .number(value: value, tolerance: number(fields["tolerance"]) ?? 0)
        case .poll:
            answer = .poll((fields["options"] as? [Any] ?? []).compactMap { text(($0 as? [String: Any])?["text"] ?? $0) })
        }
        let image = text(fields["image"]) ?? text((fields["attachment"] as? [String: Any])?["url"]) ?? text(fields["attachment"])
        return ImportDraft(name: name, quiz: SetQuiz(question: question, answer: answer, image: image, feedback: text(fields["feedback"])))
    }

    /// A string, or a number written as text; nil otherwise.
    private static func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber, !isBoolean(number) { return number.stringValue }
        return nil
    }

    /// A boolean, or `"true"`/`"false"` (also «verdadero»/«falso», 1/0).
    private static func truth(_ value: Any?) -> Bool? {
        if let number = value as? NSNumber { return number.doubleValue != 0 }
        switch (value as? String)?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "verdadero", "sí", "si", "1": return true
        case "false", "falso", "no", "0": return false
        default: return nil
        }
    }

    /// A number, or text that is one (a decimal comma allowed).
    private static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber, !isBoolean(number) { return number.doubleValue }
        return (value as? String).flatMap(GivenAnswer.number(from:))
    }

    /// Whether JSON's `true` or `false` made `number` (Foundation reads them as NSNumbers of a
    /// `char`, which no JSON number becomes).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
