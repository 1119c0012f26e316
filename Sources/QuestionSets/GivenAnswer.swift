import Foundation

/// A player's answer to a round's question, as the page sends it (`A` in
/// `{"question":n,"answer":A}`): a string (`text`), an array of 0-based option indexes
/// (`choices`), a boolean (`truth`), a number (`number`), or one 0-based index (`option`, a poll).
///
/// JSON cannot tell a poll's index from a whole number, so a whole number reads as `number` and
/// `SetQuiz.judge` takes it as an index where the kind wants one (`shaped(for:)`).
public enum GivenAnswer: Hashable, Sendable, Decodable {
    case text(String)
    case choices([Int])
    case truth(Bool)
    case number(Double)
    case option(Int)

    /// The longest answer a player may give in a class, in characters.
    public static let maxLength = 200

    /// Reads a string, an array of integers, a boolean or a number (anything else: a decoding error).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let truth = try? container.decode(Bool.self) {
            self = .truth(truth)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let indexes = try? container.decode([Int].self) {
            self = .choices(indexes)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "una respuesta es un texto, un número, true/false o una lista de opciones")
        }
    }

    /// The answer in the shape `kind` wants, or the Spanish refusal: a whole number is a poll's
    /// index, an index is a number, a text with a number (a decimal comma too) is a number; a
    /// text longer than `maxLength` is refused.
    public func shaped(for kind: QuizKind) throws(QuestionSetError) -> GivenAnswer {
        if case .text(let text) = self, text.count > Self.maxLength {
            throw .invalid("La respuesta tiene más de \(Self.maxLength) caracteres.")
        }
        switch (kind, self) {
        case (.text, .text), (.choice, .choices), (.truefalse, .truth), (.number, .number), (.poll, .option):
            return self
        case (.poll, .number(let value)) where value == value.rounded() && abs(value) < 1e9:
            return .option(Int(value))
        case (.poll, .choices(let indexes)) where indexes.count == 1:
            return .option(indexes[0])
        case (.choice, .number(let value)) where value == value.rounded() && abs(value) < 1e9:
            return .choices([Int(value)])
        case (.number, .option(let index)):
            return .number(Double(index))
        case (.number, .text(let text)):
            guard let value = Self.number(from: text) else { throw .invalid("Escribe un número (por ejemplo, 3,5).") }
            return .number(value)
        case (.text, _): throw .invalid("La respuesta a esta pregunta es un texto.")
        case (.choice, _): throw .invalid("Elige una o varias opciones de la lista.")
        case (.truefalse, _): throw .invalid("La respuesta a esta pregunta es verdadero o falso.")
        case (.number, _): throw .invalid("La respuesta a esta pregunta es un número.")
        case (.poll, _): throw .invalid("Elige una de las opciones.")
        }
    }

    /// `text` as a number: trimmed, a decimal comma or point, an optional sign; nil otherwise
    /// (thousands separators are not read: «1.000» is one).
    public static func number(from text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ",", with: ".")
        guard !trimmed.isEmpty, trimmed.count <= 40,
              trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }
}
