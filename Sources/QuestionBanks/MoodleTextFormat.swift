import Foundation
import QuestionSets

/// Moodle's text formats, as a GIFT `[html]`, `[moodle]`, `[plain]` or `[markdown]` prefix or a
/// Moodle XML `format` attribute names them, and the plain text Adivina keeps of a text in each:
/// HTML drawn as text (`QuestionHTML`); Moodle's auto-format is HTML whose line ends are breaks;
/// plain text as it is; Markdown with its marks dropped (emphasis, code, headings; a list item
/// «• ») in answers and feedback, and kept whole in a question's text (`question(_:)`), which
/// the pages draw as Markdown (`SetQuiz.markdown`; docs/api.md, what differs from Moodle).
enum MoodleTextFormat: String, CaseIterable {
    case moodle, html, plain, markdown

    /// The format a leading `[name]` gives `text`, and the rest; nil when it has none.
    static func prefixed(_ text: Substring) -> (MoodleTextFormat, Substring)? {
        let start = text.drop { $0.isWhitespace }
        for format in allCases where start.hasPrefix("[\(format.rawValue)]") {
            return (format, start.dropFirst(format.rawValue.count + 2))
        }
        return nil
    }

    /// `raw` as the text a reader sees, and the `src` of its images.
    func read(_ raw: String) -> QuestionHTML {
        switch self {
        case .html: QuestionHTML(html: raw)
        case .moodle: QuestionHTML(html: raw.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "<br>"))
        case .plain: QuestionHTML(text: raw.trimmingCharacters(in: .whitespacesAndNewlines), images: [])
        case .markdown: QuestionHTML(text: Self.markdownText(raw), images: [])
        }
    }

    /// A question's `raw` text as a set keeps it: Markdown as it is (trimmed), drawn by the
    /// pages; any other format as `read` gives it.
    func question(_ raw: String) -> QuestionHTML {
        self == .markdown ? QuestionHTML(text: raw.trimmingCharacters(in: .whitespacesAndNewlines), images: []) : read(raw)
    }

    /// Markdown as plain text: `**bold**`, `*em*`, `_em_`, `` `code` `` and a heading's `#`
    /// dropped, a list item's `-`/`*`/`+` made «• ».
    static func markdownText(_ raw: String) -> String {
        let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = String(line)
            text = text.replacing(/^\s*#{1,6}\s+/, with: "")
            text = text.replacing(/^\s*[-*+]\s+/, with: "• ")
            text = text.replacing(/`([^`]*)`/) { String($0.output.1) }
            text = text.replacing(/\*\*(\S(?:.*?\S)?)\*\*/) { String($0.output.1) }
            text = text.replacing(/__(\S(?:.*?\S)?)__/) { String($0.output.1) }
            text = text.replacing(/(^|[^\w*])\*(\S(?:[^*]*?\S)?)\*(?=$|[^\w*])/) { String($0.output.1) + String($0.output.2) }
            text = text.replacing(/(^|[^\w_])_(\S(?:[^_]*?\S)?)_(?=$|[^\w_])/) { String($0.output.1) + String($0.output.2) }
            return text
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension SetQuiz {
    /// The name the exports give it: its own, or the start of its text (a Markdown text's
    /// words, without its marks).
    var bankName: String { name ?? ImportDraft.name(of: markdown ? MoodleTextFormat.markdownText(question) : question) }
}
