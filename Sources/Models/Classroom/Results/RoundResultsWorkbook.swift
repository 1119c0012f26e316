import Foundation
import Workbook

/// A kept round as an `.xlsx` workbook for Excel or LibreOffice (set to Spanish or not: numbers
/// are numeric cells, drawn with the reader's decimal sign; text is text, never a formula):
///
/// - *Resumen*: `puesto, jugador, aciertos, respondidas, puntos`, one row per player in the
///   report's order (`RoundReport`: the most points first, then the most right answers), players
///   level on both sharing a place (1, 2, 2, 4);
/// - *Respuestas*: `jugador, número, pregunta, tipo, opciones, solución, respuesta, correcta,
///   segundos, puntos`, one row per player and question, players by name as in the CSV
///   (`RoundResultsCSV`), an unanswered question with an empty answer, `no`, no seconds and 0
///   points. The kind, options and right answers (joined by « · ») are those the round recorded
///   when it took its questions (`RecordedQuestion`), never the set as it is now: empty when a
///   round kept before they were recorded played a host's set.
public enum RoundResultsWorkbook {
    /// *Resumen*'s header.
    public static let summaryHeader = ["puesto", "jugador", "aciertos", "respondidas", "puntos"]
    /// *Respuestas*' header.
    public static let answersHeader = ["jugador", "número", "pregunta", "tipo", "opciones", "solución", "respuesta", "correcta", "segundos", "puntos"]

    /// The workbook of `record`.
    public static func workbook(_ record: RoundRecord) -> Workbook {
        Workbook(sheets: [summary(RoundReport(record)), answers(record)])
    }

    /// The MIME type of the file.
    public static let mimeType = Workbook.mimeType

    /// A kind's name in Spanish.
    static func label(_ kind: QuizKind?) -> String {
        switch kind {
        case nil: ""
        case .text: "respuesta escrita"
        case .choice: "opción múltiple"
        case .truefalse: "verdadero o falso"
        case .number: "número"
        case .poll: "encuesta"
        }
    }

    /// The `.xlsx` file's bytes.
    public static func bytes(_ record: RoundRecord) -> [UInt8] {
        workbook(record).bytes
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

    private static func answers(_ record: RoundRecord) -> Workbook.Sheet {
        var rows: [[Workbook.Cell]] = [answersHeader.map(Workbook.Cell.text)]
        for row in RoundAnswerRow.rows(of: record) {
            let answer = row.answer
            rows.append([
                .text(row.player.name), .integer(row.number), .text(row.question),
                .text(label(row.asked.kind)), .text(row.asked.options.joined(separator: " · ")),
                .text(row.asked.rightAnswers.joined(separator: " · ")),
                .text(answer?.answer ?? ""), .text(answer?.right == true ? "sí" : "no"),
                answer.map { .decimal((max(0, $0.seconds) * 10).rounded() / 10) } ?? .empty,
                .integer(answer?.points ?? 0),
            ])
        }
        return Workbook.Sheet(name: "Respuestas", widths: [24, 8, 48, 18, 32, 24, 32, 10, 10, 10], rows: rows)
    }
}
