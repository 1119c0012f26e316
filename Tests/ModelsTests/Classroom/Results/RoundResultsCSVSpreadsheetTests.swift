import Foundation
import Testing
import TestSupport

@testable import Models

/// The results CSV opened by a real spreadsheet: LibreOffice Calc, headless, converts it to a
/// flat OpenDocument file, and no cell of it may be a formula. It is opened the most trusting
/// way (formulas evaluated, spaces around unquoted fields removed), so a text that only needs a
/// trim to run would run. Needs `soffice` (Debian's `libreoffice-calc-nogui`).
@Suite("RoundResultsCSV in LibreOffice: no cell becomes a formula", .serialized)
struct RoundResultsCSVSpreadsheetTests {
    /// Found where the workbook tests find it (`LibreOffice.program`).
    static let soffice = LibreOffice.program?.path

    @Test(
        "every formula variant, as a player's name, a question and an answer, stays text",
        .enabled(if: soffice != nil, LibreOffice.missing))
    func noVariantBecomesAFormula() async throws {
        let soffice = try #require(Self.soffice)
        let variants = RoundResultsCSVTests.formulaVariants
        let players = variants.indices.map { RoundPlayer(id: $0 + 1, name: variants[$0], score: 0) }
        let answers = variants.indices.map {
            RoundAnswer(playerID: $0 + 1, name: variants[$0], question: 1, answer: variants[$0], right: false, seconds: 1, points: 0)
        }
        let record = RoundRecord(
            id: 1, game: .quizzes, setID: nil, startedAt: Date(timeIntervalSince1970: 0), endedAt: nil,
            questions: variants.typed, players: players, answers: answers)

        let cells = try await Self.openInCalc(RoundResultsCSV.bytes(record), soffice: soffice)
        #expect(cells.formulas.isEmpty, "cells that became formulas: \(cells.formulas)")
        // The file was read, as text: its header, and the full-width variant after its apostrophe.
        #expect(cells.texts.contains("jugador"))
        #expect(cells.texts.contains("&apos;＝1+1"))
    }

    @Test(
        "the check sees a formula when one is there (an unguarded file)",
        .enabled(if: soffice != nil, LibreOffice.missing))
    func anUnguardedFormulaIsSeen() async throws {
        let soffice = try #require(Self.soffice)
        let cells = try await Self.openInCalc(Array("a,b\r\n =1+1,x\r\n".utf8), soffice: soffice)
        #expect(cells.formulas == ["of:=1+1"])
    }

    /// The formulas and the texts of the cells of `csv` as LibreOffice reads it.
    static func openInCalc(_ csv: [UInt8], soffice: String) async throws -> (formulas: [String], texts: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-calc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("resultados.csv")
        try Data(csv).write(to: input)
        // CSV filter options: comma, double quote, UTF-8, from line 1, standard columns, no
        // language, quoted fields not forced to text, special numbers detected, (export-only
        // fields), spaces trimmed, (export-only), formulas evaluated. Awaited, not blocked on:
        // a blocked thread of the cooperative pool holds back every other test.
        _ = try await ChildProcess.run(URL(fileURLWithPath: soffice), [
            "-env:UserInstallation=file://\(folder.path)/profile", "--headless",
            "--infilter=CSV:44,34,76,1,,0,false,true,false,false,true,0,true",
            "--convert-to", "fods", "--outdir", folder.path, input.path,
        ])
        let output = try String(contentsOf: folder.appendingPathComponent("resultados.fods"), encoding: .utf8)
        return (matches(of: #"table:formula="([^"]*)""#, in: output), matches(of: #"<text:p>([^<]*)</text:p>"#, in: output))
    }

    private static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
