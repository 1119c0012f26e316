import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("RoundResultsWorkbook: a kept round as an .xlsx with a summary and every answer")
struct RoundResultsWorkbookTests {
    private let round = RoundRecord(
        id: 2, game: .quizzes, setID: 1, startedAt: Date(timeIntervalSince1970: 0), endedAt: nil,
        questions: [
            RecordedQuestion(text: "¿Capital de Francia?", kind: .text, rightAnswers: ["París", "Paris"]),
            RecordedQuestion(text: "Di \"hola\", por favor", kind: .truefalse, options: ["Verdadero", "Falso"], rightAnswers: ["Verdadero"]),
        ],
        players: [RoundPlayer(id: 2, name: "Óscar", score: 0), RoundPlayer(id: 1, name: "=1+1", score: 1),
                  RoundPlayer(id: 3, name: "ana", score: 1), RoundPlayer(id: 4, name: "Berta", score: 1)],
        answers: [
            RoundAnswer(playerID: 1, name: "=1+1", question: 1, answer: "París", right: true, seconds: 3.26, points: 1),
            RoundAnswer(playerID: 3, name: "ana", question: 2, answer: "hola,\nadiós", right: true, seconds: 12, points: 940),
            RoundAnswer(playerID: 2, name: "Óscar", question: 1, answer: "-5", right: false, seconds: 0.04, points: 0),
            RoundAnswer(playerID: 4, name: "Berta", question: 1, answer: "Paris", right: true, seconds: 7.5, points: 1),
        ])

    @Test(.enabled(if: LibreOffice.program != nil, LibreOffice.missing))
    func libreOfficeReadsEveryCellOfBothSheets() async throws {
        let sheets = try await LibreOffice.sheets(ofXLSX: RoundResultsWorkbook.bytes(round))
        #expect(sheets["Resumen"] == [
            ["puesto", "jugador", "aciertos", "respondidas", "puntos"],
            ["1", "ana", "1", "1", "940"],
            ["2", "=1+1", "1", "1", "1"],
            ["2", "Berta", "1", "1", "1"],
            ["4", "Óscar", "0", "1", "0"],
        ])
        #expect(sheets["Respuestas"] == [
            ["jugador", "número", "pregunta", "tipo", "opciones", "solución", "respuesta", "correcta", "segundos", "puntos"],
            ["=1+1", "1", "¿Capital de Francia?", "respuesta escrita", "", "París · Paris", "París", "sí", "3,3", "1"],
            ["=1+1", "2", "Di \"hola\", por favor", "verdadero o falso", "Verdadero · Falso", "Verdadero", "", "no", "", "0"],
            ["ana", "1", "¿Capital de Francia?", "respuesta escrita", "", "París · Paris", "", "no", "", "0"],
            ["ana", "2", "Di \"hola\", por favor", "verdadero o falso", "Verdadero · Falso", "Verdadero", "hola,\nadiós", "sí", "12,0", "940"],
            ["Berta", "1", "¿Capital de Francia?", "respuesta escrita", "", "París · Paris", "Paris", "sí", "7,5", "1"],
            ["Berta", "2", "Di \"hola\", por favor", "verdadero o falso", "Verdadero · Falso", "Verdadero", "", "no", "", "0"],
            ["Óscar", "1", "¿Capital de Francia?", "respuesta escrita", "", "París · Paris", "-5", "no", "0,0", "0"],
            ["Óscar", "2", "Di \"hola\", por favor", "verdadero o falso", "Verdadero · Falso", "Verdadero", "", "no", "", "0"],
        ])
    }

    @Test func numbersAreNumericCellsAndTextInlineStrings() throws {
        let book = RoundResultsWorkbook.workbook(round)
        let answers = try #require(book.sheets.last)
        #expect(answers.rows.dropFirst().first == [
            .text("=1+1"), .integer(1), .text("¿Capital de Francia?"), .text("respuesta escrita"), .text(""),
            .text("París · Paris"), .text("París"), .text("sí"),
            .decimal(3.3), .integer(1),
        ])
        #expect(book.sheets.map(\.name) == ["Resumen", "Respuestas"])
    }

    @Test func aQuestionOfUnknownKindHasAnEmptyKind() throws {
        var old = round
        old.questions[0].kind = nil
        let answers = try #require(RoundResultsWorkbook.workbook(old).sheets.last)
        #expect(answers.rows.dropFirst().first?[3] == .text(""))
    }
}
