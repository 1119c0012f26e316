import Foundation
import QuestionSets
import MarkupText

/// A set as a GIFT file Moodle imports as the same set (and `GIFTReader` reads back): each
/// question under its whole Moodle category (`$CATEGORY:`, the set's title for a question that
/// came from none), with its name (its first line when it has none), `[plain]` text (`[markdown]`
/// for a Markdown question, its answers and feedback then `[plain]`; `[html]` with an `<img>`
/// when it has an image), its answers by kind — `{=a =b}` written, `{=a ~b}`
/// single choice (an `=` makes it single), `{~%50%a ~%50%b ~%-100%c}` multiple (no `=`), `{TRUE}`/`{FALSE}`, `{#=v:t}` a number — each option's `#feedback`, and the
/// question's feedback as `####`. What would change meaning in Moodle is escaped: GIFT's own
/// characters, a leading `%` or `[` (behind `[plain]`), a short answer's `*` (`\*`, a star and
/// not Moodle's wildcard), line breaks in names and categories. A poll, which Moodle lacks, is
/// a multiple choice with every option right after the comment `// Adivina: encuesta`.
public enum GIFTWriter {
    /// The GIFT file of `set`; an uploaded image's address is made absolute against `imageBase`.
    public static func write(_ set: QuizSet, imageBase: URL?) -> String {
        var lines = ["// \(oneLine(set.title)): exportado de Adivina en formato GIFT para Moodle.", ""]
        var category: String?
        for quiz in set.quizzes {
            let path = oneLine(quiz.category ?? MoodleCategory.path(set.title))
            if path != category {
                lines += ["$CATEGORY: \(path)", ""]
                category = path
            }
            if case .poll = quiz.answer { lines.append(GIFTReader.pollMarker) }
            let name = GIFTText.escaped(oneLine(quiz.bankName))
            let text: String
            let html = quiz.image != nil
            if let image = quiz.image {
                let source = MarkupText.escaped(SetExport.absolute(image, base: imageBase))
                text = "[html]" + GIFTText.escaped(SetExport.html(quiz.question) + "<br><img src=\"\(source)\" alt=\"\">")
            } else {
                text = (quiz.markdown ? "[markdown]" : "[plain]") + GIFTText.escaped(quiz.question)
            }
            // Behind a `[markdown]` question every answer and feedback says `[plain]` (they would inherit it).
            let plain = quiz.markdown && !html
            let feedback = quiz.feedback.map { "\n####" + literal($0, html: html, plain: plain) } ?? ""
            lines.append("::\(name)::\(text) {\n\(answers(quiz, html: html, plain: plain))\(feedback)\n}")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` escaped for GIFT and read by Moodle as itself: in an HTML question as HTML (a
    /// leading `%` or `[` as an entity); in a plain one behind `[plain]` when it starts with
    /// what Moodle would take for a weight or a format.
    private static func literal(_ text: String, html: Bool, plain: Bool = false) -> String {
        if html {
            var escaped = SetExport.html(text)
            if escaped.hasPrefix("%") { escaped = "&#37;" + escaped.dropFirst() }
            if escaped.hasPrefix("[") { escaped = "&#91;" + escaped.dropFirst() }
            return GIFTText.escaped(escaped)
        }
        return (plain || text.hasPrefix("%") || text.hasPrefix("[") ? "[plain]" : "") + GIFTText.escaped(text)
    }

    private static func option(_ mark: String, _ option: SetQuizOption, html: Bool, plain: Bool) -> String {
        mark + literal(option.text, html: html, plain: plain) + (option.feedback.map { "#" + literal($0, html: html, plain: plain) } ?? "")
    }

    private static func answers(_ quiz: SetQuiz, html: Bool, plain: Bool) -> String {
        switch quiz.answer {
        case .text(let answer, let alternatives):
            // A star is Moodle's wildcard; `\*` is a star.
            return ([answer] + alternatives).map { "=" + literal($0.replacingOccurrences(of: "*", with: "\\*"), html: false) }
                .joined(separator: "\n")
        case .choice(let options):
            let right = options.filter(\.right).count
            if !quiz.multiple {
                // An `=` makes it single; with no wrong option, the others right are `~%100%`
                // (only `=` would make it a written answer).
                let anyWrong = options.contains { !$0.right }
                let first = options.firstIndex(where: \.right)
                return options.indices.map { index in
                    let mark = !options[index].right ? "~" : (anyWrong || index == first ? "=" : "~%100%")
                    return option(mark, options[index], html: html, plain: plain)
                }.joined(separator: "\n")
            }
            // Adivina judges all or nothing: a wrong option costs the whole question (−100 %).
            return options.map { option("~%" + ($0.right ? SetExport.percent(100 / Double(right)) : "-100") + "%", $0, html: html, plain: plain) }
                .joined(separator: "\n")
        case .truefalse(let truth):
            return truth ? "TRUE" : "FALSE"
        case .number(let value, let tolerance):
            // `#=v`: Moodle reads no answer from `{#0}` (PHP takes "0" for empty).
            return "#=" + SetExport.number(value) + (tolerance > 0 ? ":" + SetExport.number(tolerance) : "")
        case .poll(let options):
            let share = SetExport.percent(100 / Double(max(1, options.count)))
            return options.map { "~%\(share)%" + literal($0, html: html, plain: plain) }.joined(separator: "\n")
        }
    }

    /// `text` on one line (a line break in a name or a category would start another question).
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
