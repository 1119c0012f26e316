import MarkupText

/// The XML parts of a `Workbook`'s file: the content types, the package's and the workbook's
/// relationships, the workbook, the styles (0 plain, 1 bold header, 2 one decimal) and a sheet
/// per `Workbook.Sheet`.
enum WorkbookParts {
    private static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    private static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"

    /// Every part as (path in the zip, XML text), `[Content_Types].xml` first.
    static func parts(of workbook: Workbook) -> [(String, String)] {
        let sheets = workbook.sheets.enumerated().map { index, sheet in
            ("xl/worksheets/sheet\(index + 1).xml", self.sheet(sheet))
        }
        return [
            ("[Content_Types].xml", contentTypes(sheets: sheets.count)),
            ("_rels/.rels", declaration + """
                <Relationships xmlns="\(packageRelationships)">\
                <Relationship Id="rId1" Type="\(relationships)/officeDocument" Target="xl/workbook.xml"/>\
                </Relationships>
                """),
            ("xl/workbook.xml", self.workbook(workbook)),
            ("xl/_rels/workbook.xml.rels", workbookRelationships(sheets: sheets.count)),
            ("xl/styles.xml", styles),
        ] + sheets
    }

    private static func contentTypes(sheets: Int) -> String {
        let overrides = (1...max(1, sheets)).map { index in
            #"<Override PartName="/xl/worksheets/sheet\#(index).xml" "#
                + #"ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        }.joined()
        return declaration + """
            <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
            <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
            <Default Extension="xml" ContentType="application/xml"/>\
            <Override PartName="/xl/workbook.xml" \
            ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
            <Override PartName="/xl/styles.xml" \
            ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
            \(overrides)</Types>
            """
    }

    private static func workbook(_ workbook: Workbook) -> String {
        let sheets = workbook.sheets.enumerated().map { index, sheet in
            #"<sheet name="\#(SheetText.escaped(sheet.name))" sheetId="\#(index + 1)" r:id="rId\#(index + 1)"/>"#
        }.joined()
        return declaration + #"<workbook xmlns="\#(main)" xmlns:r="\#(relationships)"><sheets>\#(sheets)</sheets></workbook>"#
    }

    private static func workbookRelationships(sheets: Int) -> String {
        let links = (0..<sheets).map { index in
            #"<Relationship Id="rId\#(index + 1)" Type="\#(relationships)/worksheet" Target="worksheets/sheet\#(index + 1).xml"/>"#
        }.joined()
        let styles = #"<Relationship Id="rId\#(sheets + 1)" Type="\#(relationships)/styles" Target="styles.xml"/>"#
        return declaration + #"<Relationships xmlns="\#(packageRelationships)">\#(links)\#(styles)</Relationships>"#
    }

    private static let styles = declaration + """
        <styleSheet xmlns="\(main)">\
        <numFmts count="1"><numFmt numFmtId="164" formatCode="0.0"/></numFmts>\
        <fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>\
        <font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
        <xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
        </styleSheet>
        """

    /// A sheet's XML: the header frozen, the column widths, one `<row>` per row.
    static func sheet(_ sheet: Workbook.Sheet) -> String {
        var xml = declaration + #"<worksheet xmlns="\#(main)">"#
        xml += #"<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>"#
        if !sheet.widths.isEmpty {
            xml += "<cols>" + sheet.widths.enumerated().map { index, width in
                #"<col min="\#(index + 1)" max="\#(index + 1)" width="\#(width)" customWidth="1"/>"#
            }.joined() + "</cols>"
        }
        xml += "<sheetData>"
        for (rowIndex, row) in sheet.rows.enumerated() {
            xml += #"<row r="\#(rowIndex + 1)">"#
            for (column, cell) in row.enumerated() {
                xml += self.cell(cell, reference: columnName(column) + String(rowIndex + 1), header: rowIndex == 0)
            }
            xml += "</row>"
        }
        return xml + "</sheetData></worksheet>"
    }

    private static func cell(_ cell: Workbook.Cell, reference: String, header: Bool) -> String {
        let style = header ? #" s="1""# : ""
        switch cell {
        case .text(let text):
            return #"<c r="\#(reference)"\#(style) t="inlineStr"><is><t xml:space="preserve">\#(SheetText.escaped(text))</t></is></c>"#
        case .integer(let value):
            return #"<c r="\#(reference)"\#(style)><v>\#(value)</v></c>"#
        case .decimal(let value):
            let shown = value.isFinite ? "\(value)" : "0"
            return #"<c r="\#(reference)"\#(header ? style : #" s="2""#)><v>\#(shown)</v></c>"#
        case .empty:
            return ""
        }
    }

    /// The letters of column `index` (0 → A, 25 → Z, 26 → AA).
    static func columnName(_ index: Int) -> String {
        var name = ""
        var rest = index + 1
        while rest > 0 {
            let digit = (rest - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + digit))) + name
            rest = (rest - 1) / 26
        }
        return name
    }
}

/// Text made safe for a workbook's XML: `MarkupText`'s escaping, the characters XML 1.0 cannot
/// hold (controls other than tab, LF and CR; unpaired surrogates cannot reach a `String`) written
/// as spreadsheets' `_xHHHH_` escape, and a literal `_xHHHH_` in the text kept literal by
/// escaping its underscore (`_x005F_`), as ECMA-376 §22.9.2.19 says.
enum SheetText {
    static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            if value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D || value == 0xFFFE || value == 0xFFFF {
                result += "_x" + hex4(value) + "_"
            } else if scalar == "_" && looksEscaped(scalars, from: index) {
                result += "_x005F_"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return MarkupText.escaped(result)
    }

    /// Whether `_xHHHH_` starts at `index`.
    private static func looksEscaped(_ scalars: [Unicode.Scalar], from index: Int) -> Bool {
        guard index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_" else { return false }
        return scalars[index + 2...index + 5].allSatisfy { $0.properties.isASCIIHexDigit }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
