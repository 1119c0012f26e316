import Foundation
import MarkupText

/// A set as a GIFT file Moodle imports (and `GIFTReader` reads back as the same set): the title
/// as `$CATEGORY:`, each question titled by its first line, `[plain]` text (`[html]` with an
/// `<img>` when it has an image), its answers by kind — `{=a =b}` written, `{=a ~b}` one right
/// choice, `{~%50%a ~%50%b ~%-100%c}` several right, `{TRUE}`/`{FALSE}`, `{#v:t}` a number —
/// and its feedback as `####`. A poll, which Moodle lacks, is a choice with every option right
/// after the comment `// Adivina: encuesta`.
public enum GIFTWriter {
    /// The GIFT file of `set`; an uploaded image's address is made absolute against `imageBase`.
    public static func write(_ set: QuizSet, imageBase: URL?) -> String {
        var lines = [
            "// \(set.title): exportado de Adivina en formato GIFT para Moodle.",
            "$CATEGORY: \(MoodleCategory.path(set.title))",
            "",
        ]
        for quiz in set.quizzes {
            if case .poll = quiz.answer { lines.append(GIFTReader.pollMarker) }
            let name = GIFTText.escaped(ImportDraft.name(of: quiz.question))
            let text: String
            if let image = quiz.image {
                let source = MarkupText.escaped(SetExport.absolute(image, base: imageBase))
                text = "[html]" + GIFTText.escaped(SetExport.html(quiz.question) + "<br><img src=\"\(source)\" alt=\"\">")
            } else {
                text = "[plain]" + GIFTText.escaped(quiz.question)
            }
            let feedback = quiz.feedback.map { "\n####" + GIFTText.escaped($0) } ?? ""
            lines.append("::\(name)::\(text) {\n\(answers(quiz.answer))\(feedback)\n}")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func answers(_ answer: SetQuizAnswer) -> String {
        switch answer {
        case .text(let answer, let alternatives):
            return ([answer] + alternatives).map { "=" + GIFTText.escaped($0) }.joined(separator: "\n")
        case .choice(let options):
            let right = options.filter(\.right).count
            if right == 1 {
                return options.map { ($0.right ? "=" : "~") + GIFTText.escaped($0.text) }.joined(separator: "\n")
            }
            return options.map { option in
                "~%" + (option.right ? SetExport.percent(100 / Double(right)) : "-100") + "%" + GIFTText.escaped(option.text)
            }.joined(separator: "\n")
        case .truefalse(let truth):
            return truth ? "TRUE" : "FALSE"
        case .number(let value, let tolerance):
            return "#" + SetExport.number(value) + (tolerance > 0 ? ":" + SetExport.number(tolerance) : "")
        case .poll(let options):
            let share = SetExport.percent(100 / Double(max(1, options.count)))
            return options.map { "~%\(share)%" + GIFTText.escaped($0) }.joined(separator: "\n")
        }
    }
}
