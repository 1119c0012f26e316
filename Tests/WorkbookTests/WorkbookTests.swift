import Foundation
import TestSupport
import Testing

@testable import Workbook

@Suite("Workbook: an .xlsx written as a zip of XML parts, opened by LibreOffice")
struct WorkbookTests {
    private let book = Workbook(sheets: [
        Workbook.Sheet(name: "Uno", widths: [10, 20], rows: [
            [.text("texto"), .text("número")],
            [.text("=1+1"), .decimal(2.5)],
            [.text("+A1"), .integer(1_234_567)],
            [.text("<b>&amp; \"Ñandú\" 'ya'"), .decimal(-12)],
            [.text("a\u{1}b_x0041_c"), .empty],
            [.text("línea 1\nlínea 2"), .integer(-3)],
        ]),
        Workbook.Sheet(name: "Dos", rows: [[.text("solo")], [.integer(7)]]),
    ])

    @Test(.enabled(if: LibreOffice.program != nil, LibreOffice.missing))
    func libreOfficeReadsEveryCellNumbersWithTheSpanishDecimalComma() async throws {
        let sheets = try await LibreOffice.sheets(ofXLSX: book.bytes)
        #expect(sheets["Uno"] == [
            ["texto", "número"],
            ["=1+1", "2,5"],
            ["+A1", "1234567"],
            ["<b>&amp; \"Ñandú\" 'ya'", "-12,0"],
            ["a\u{1}b_x0041_c", ""],
            ["línea 1\nlínea 2", "-3"],
        ])
        #expect(sheets["Dos"] == [["solo"], ["7"]])
    }

    @Test func theZipHoldsEachPartAsUnzipReadsIt() async throws {
        let file = TestFiles.scratch("book", suffix: ".xlsx")
        defer { try? FileManager.default.removeItem(at: file) }
        try TestFiles.write(Data(book.bytes), to: file)
        let unzip = URL(fileURLWithPath: "/usr/bin/unzip")
        try #require(FileManager.default.isExecutableFile(atPath: unzip.path), "unzip no está instalado")
        let tested = try await ChildProcess.run(unzip, ["-t", file.path])
        #expect(tested.status == 0, "\(String(decoding: tested.output, as: UTF8.self))")
        for (name, text) in WorkbookParts.parts(of: book) {
            // unzip reads a name as a pattern: `[` must be escaped.
            let pattern = name.replacingOccurrences(of: "[", with: "\\[")
            let extracted = try await ChildProcess.run(unzip, ["-p", file.path, pattern])
            #expect(String(decoding: extracted.output, as: UTF8.self) == text, "\(name)")
        }
    }

    @Test func crc32IsTheStandardOne() {
        #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(ZipArchive.crc32([]) == 0)
    }

    @Test func theSameWorkbookGivesTheSameBytes() {
        #expect(book.bytes == book.bytes)
    }

    @Test func textIsAnInlineStringAndNeverAFormula() throws {
        let xml = WorkbookParts.sheet(try #require(book.sheets.first))
        #expect(!xml.contains("<f>"))
        #expect(xml.contains(#"<c r="A2" t="inlineStr"><is><t xml:space="preserve">=1+1</t></is></c>"#))
        #expect(xml.contains(#"<c r="B2" s="2"><v>2.5</v></c>"#))
        #expect(xml.contains(#"<c r="B3"><v>1234567</v></c>"#))
    }

    @Test func textEscapesMarkupControlsAndLiteralEscapes() {
        #expect(SheetText.escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;")
        #expect(SheetText.escaped("a\u{1}b\u{1F}c\td\ne") == "a_x0001_b_x001F_c\td\ne")
        #expect(SheetText.escaped("_x0041_ and _x12_ and _xZZZZ_") == "_x005F_x0041_ and _x12_ and _xZZZZ_")
    }

    @Test func columnsAreNamedAsSpreadsheetsDo() {
        #expect(WorkbookParts.columnName(0) == "A")
        #expect(WorkbookParts.columnName(25) == "Z")
        #expect(WorkbookParts.columnName(26) == "AA")
        #expect(WorkbookParts.columnName(701) == "ZZ")
        #expect(WorkbookParts.columnName(702) == "AAA")
    }
}
