import Foundation
import Workbook

/// A kept round as an `.xlsx` workbook for Excel or LibreOffice (set to Spanish or not: numbers
/// are numeric cells, drawn with the reader's decimal sign; text is text, never a formula):
///
/// - *Resumen*: `puesto, jugador, aciertos, respondidas, puntos`, one row per player in the
///   report's order (`RoundReport`: the most points first, then the most right answers), players
///   level on both sharing a place (1, 2, 2, 4);
/// - *Respuestas*: `jugador, número, pregunta, tipo, respuesta, correcta, segundos, puntos`, one
///   row per player and question, players by name as in the CSV (`RoundResultsCSV`), an
///   unanswered question with an empty answer, `no`, no seconds and 0 points.
public enum RoundResultsWorkbook {
    /// *Resumen*'s header.
    public static let summaryHeader = ["puesto", "jugador", "aciertos", "respondidas", "puntos"]
    /// *Respuestas*' header.
    public static let answersHeader = ["jugador", "número", "pregunta", "tipo", "respuesta", "correcta", "segundos", "puntos"]

    /// The workbook of `record`; `kinds[n - 1]` names question n's kind in Spanish (empty when
    /// not known).
    public static func workbook(_ record: RoundRecord, kinds: [String]) -> Workbook {
        Workbook(sheets: [summary(RoundReport(record)), answers(record, kinds: kinds)])
    }

    /// The MIME type of the file.
    public static let mimeType = Workbook.mimeType

    /// Each question's kind as *Respuestas* names it: a trivia round's are chosen among options;
    /// a quiz round's are the kind of the question of the same text in `set` (the set it
    /// played, as kept now), a written answer otherwise.
    public static func kinds(of record: RoundRecord, set: QuizSet? = nil) -> [String] {
        if record.game == .trivia { return record.questions.map { _ in label(.choice) } }
        var kinds: [String: QuizKind] = [:]
        for quiz in set?.quizzes ?? [] where kinds[quiz.question] == nil { kinds[quiz.question] = quiz.kind }
        return record.questions.map { label(kinds[$0] ?? .text) }
    }

    /// A kind's name in Spanish.
    static func label(_ kind: QuizKind) -> String {
        switch kind {
        case .text: "respuesta escrita"
        case .choice: "opción múltiple"
        case .truefalse: "verdadero o falso"
        case .number: "número"
        case .poll: "encuesta"
        }
    }

    /// The `.xlsx` file's bytes.
    public static func bytes(_ record: RoundRecord, kinds: [String]) -> [UInt8] {
        workbook(record, kinds: kinds).bytes
    }

    private static func summary(_ report: RoundReport) -> Workbook.Sheet {
        var rows: [[Workbook.Cell]] = [summaryHeader.map(Workbook.Cell.text)]
        var place = 0
        var previous: (points: Int, right: Int)?
        for (index, player) in report.players.enumerated() {
            if previous.map({ $0 != (player.points, player.right) }) ?? true { place = index + 1 }
            previous = (player.points, player.right)
            rows.append([.integer(place), .text(player.name), .integer(player.right), .integer(player.answered), .integer(player.points)])
        }
        return Workbook.Sheet(name: "Resumen", widths: [8, 24, 10, 12, 10], rows: rows)
    }

    private static func answers(_ record: RoundRecord, kinds: [String]) -> Workbook.Sheet {
        var rows: [[Workbook.Cell]] = [answersHeader.map(Workbook.Cell.text)]
        for row in RoundAnswerRow.rows(of: record) {
            let answer = row.answer
            rows.append([
                .text(row.player.name), .integer(row.number), .text(row.question),
                .text(kinds.indices.contains(row.number - 1) ? kinds[row.number - 1] : ""),
                .text(answer?.answer ?? ""), .text(answer?.right == true ? "sí" : "no"),
                answer.map { .decimal((max(0, $0.seconds) * 10).rounded() / 10) } ?? .empty,
                .integer(answer?.points ?? 0),
            ])
        }
        return Workbook.Sheet(name: "Respuestas", widths: [24, 8, 48, 18, 32, 10, 10, 10], rows: rows)
    }
}
