import Foundation
import Testing

@testable import Models

@Suite("RoundResultsCSV: a kept round as RFC 4180 CSV for a spreadsheet")
struct RoundResultsCSVTests {
    private let round = RoundRecord(
        id: 2, game: .quizzes, setID: 1, startedAt: Date(timeIntervalSince1970: 0), endedAt: nil,
        questions: ["¿Capital de Francia?", "Di \"hola\", por favor"].typed,
        players: [RoundPlayer(id: 2, name: "Óscar", score: 0), RoundPlayer(id: 1, name: "=1+1", score: 1),
                  RoundPlayer(id: 3, name: "ana", score: 1)],
        answers: [
            RoundAnswer(playerID: 1, name: "=1+1", question: 1, answer: "París", right: true, seconds: 3.26, points: 1),
            RoundAnswer(playerID: 3, name: "ana", question: 2, answer: "hola,\nadiós", right: true, seconds: 12, points: 940),
            RoundAnswer(playerID: 2, name: "Óscar", question: 1, answer: "-5", right: false, seconds: 0.04, points: 0),
        ])

    @Test func oneRowPerPlayerAndQuestionWithUnansweredOnes() {
        let text = RoundResultsCSV.text(round)
        #expect(text == [
            "jugador,pregunta,respuesta,correcta,segundos,puntos",
            "'=1+1,¿Capital de Francia?,París,sí,3.3,1",
            "'=1+1,\"Di \"\"hola\"\", por favor\",,no,,0",
            "ana,¿Capital de Francia?,,no,,0",
            "ana,\"Di \"\"hola\"\", por favor\",\"hola,\nadiós\",sí,12.0,940",
            "Óscar,¿Capital de Francia?,'-5,no,0.0,0",
            "Óscar,\"Di \"\"hola\"\", por favor\",,no,,0",
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func theBytesStartWithTheUTF8ByteOrderMark() {
        let bytes = RoundResultsCSV.bytes(round)
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: bytes.dropFirst(3), as: UTF8.self) == RoundResultsCSV.text(round))
    }

    @Test func fieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(RoundResultsCSV.quoted("plain text") == "plain text")
        #expect(RoundResultsCSV.quoted("a,b") == "\"a,b\"")
        #expect(RoundResultsCSV.quoted("a\r\nb") == "\"a\r\nb\"")
        #expect(RoundResultsCSV.quoted("a\rb") == "\"a\rb\"")
        #expect(RoundResultsCSV.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test func textThatASpreadsheetWouldRunGetsAnApostrophe() {
        for risky in ["=HYPERLINK(\"x\")", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            #expect(RoundResultsCSV.safeText(risky) == "'" + risky)
        }
        for variant in Self.formulaVariants {
            #expect(RoundResultsCSV.safeText(variant) == "'" + variant, "\(variant.debugDescription)")
        }
        for fine in ["Ana", "1+1", "a=b", "'ya", "", " Ana", "\u{00A0}x", "a|b", "a\n=b"] {
            #expect(RoundResultsCSV.safeText(fine) == fine)
        }
    }

    /// Texts that start a formula once a spreadsheet trims them or folds full-width forms: a
    /// space, a non-breaking space, an ideographic space, a line break or a zero-width space
    /// before the sign, the full-width signs, and `|` (a DDE call).
    static let formulaVariants = [
        " =1+1", "  +1+1", "\u{00A0}=1+1", "\u{3000}=1+1", "\u{2003}-1+1", "\n=1+1", "\r\n=1+1", "\u{200B}=1+1",
        "＝1+1", "＋1+1", "－1+1", "＠SUM(1)", " ＝1+1", "|cmd", " |cmd", "=HYPERLINK(\"http://x\")", "@SUM(1)",
    ]
}
