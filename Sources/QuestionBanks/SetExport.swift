import Foundation
import QuestionSets
import MarkupText

/// What both exports share: numbers and weights as Moodle reads them, question text as HTML, an
/// uploaded image's address made absolute.
enum SetExport {
    /// `value` with a point and no exponent, without trailing zeros (`3.14`, `2`, `0.00001`).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        if !"\(value)".contains("e") { return "\(value)" }
        var text = String(format: "%.12f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A weight as Moodle's list of grades writes it: at most 5 decimals (`33.33333`).
    static func percent(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Plain `text` as HTML: escaped, its line breaks `<br>`.
    static func html(_ text: String) -> String {
        MarkupText.escaped(text).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")
    }

    /// An uploaded image's path made absolute against `base` (the app's address).
    static func absolute(_ image: String, base: URL?) -> String {
        guard image.hasPrefix("/"), let base, let url = URL(string: image, relativeTo: base) else { return image }
        return url.absoluteString
    }
}
