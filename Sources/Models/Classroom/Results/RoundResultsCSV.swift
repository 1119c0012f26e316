import Foundation

/// A kept round as an RFC 4180 CSV file for a spreadsheet: UTF-8 with a byte-order mark (so Excel
/// and LibreOffice open it with accents right), lines ending in CRLF, the header
/// `jugador,pregunta,respuesta,correcta,segundos,puntos`, then one row per player and question,
/// players by name, questions in order. An unanswered question's row has an empty answer,
/// `correcta` `no`, empty `segundos` and 0 `puntos`; `segundos` has one decimal and a point.
///
/// A field with a comma, a double quote, a CR or an LF is quoted, its quotes doubled. Against
/// formula injection (a player named `=HYPERLINK(…)`), a text field (player, question, answer)
/// gets a leading apostrophe, which spreadsheets show as text, when it starts with a tab or a
/// CR, or when its first character after any leading whitespace (ASCII or Unicode: spaces,
/// non-breaking spaces, line breaks) is `=`, `+`, `-`, `@`, `|` or a full-width `＝＋－＠`
/// (spreadsheets that trim cells or fold full-width forms would run them); numbers are ours and
/// never start so.
public enum RoundResultsCSV {
    /// The header row's fields.
    public static let header = ["jugador", "pregunta", "respuesta", "correcta", "segundos", "puntos"]
    /// UTF-8's byte-order mark.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The file's bytes: the mark, then `text(record)` in UTF-8.
    public static func bytes(_ record: RoundRecord) -> [UInt8] {
        byteOrderMark + Array(text(record).utf8)
    }

    /// The file's text (without the mark).
    public static func text(_ record: RoundRecord) -> String {
        let lines = [line(header)] + RoundAnswerRow.rows(of: record).map { row in
            line([row.player.name, row.question, row.answer?.answer ?? ""].map(safeText) + [
                row.answer?.right == true ? "sí" : "no",
                row.answer.map { seconds($0.seconds) } ?? "",
                String(row.answer?.points ?? 0),
            ])
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// `fields` as one line (without its end).
    static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",")
    }

    /// `field` quoted if it must be (a comma, a quote, CR or LF), its quotes doubled.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The signs that start a formula (or a DDE call), ASCII and full-width.
    private static let formulaSigns = Set("=+-@|＝＋－＠".unicodeScalars)
    /// Invisible characters a spreadsheet may drop before a sign, besides Unicode's whitespace.
    private static let invisible = Set("\u{200B}\u{2060}\u{FEFF}".unicodeScalars)

    /// A text field a spreadsheet would take for a formula, with a leading apostrophe.
    static func safeText(_ field: String) -> String {
        let scalars = field.unicodeScalars
        guard let first = scalars.first else { return field }
        if first == "\t" || first == "\r" { return "'" + field }
        guard let sign = scalars.first(where: { !$0.properties.isWhitespace && !invisible.contains($0) }),
              formulaSigns.contains(sign)
        else { return field }
        return "'" + field
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
