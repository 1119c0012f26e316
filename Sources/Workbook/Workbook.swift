/// A spreadsheet workbook written as an Office Open XML file (`.xlsx`, ECMA-376), which Excel,
/// LibreOffice and Numbers open: a zip of the few XML parts a workbook needs, no package.
///
/// Numbers are numeric cells (shown with the reader's own decimal sign); text is an inline
/// string, never a formula, whatever it starts with. The first row of each sheet is its header,
/// drawn bold.
public struct Workbook: Hashable, Sendable {
    /// One cell.
    public enum Cell: Hashable, Sendable {
        /// Text, shown as it is.
        case text(String)
        /// A whole number.
        case integer(Int)
        /// A number shown with one decimal.
        case decimal(Double)
        /// Nothing.
        case empty
    }

    /// One sheet: its tab's name, the width of each column (in characters) and its rows, the
    /// first one the header.
    public struct Sheet: Hashable, Sendable {
        /// The tab's name: at most 31 characters, none of `[]:*?/\`.
        public var name: String
        /// Each column's width in characters, from the first.
        public var widths: [Int]
        /// The rows, the header first.
        public var rows: [[Cell]]

        /// Makes a sheet.
        public init(name: String, widths: [Int] = [], rows: [[Cell]]) {
            self.name = name
            self.widths = widths
            self.rows = rows
        }
    }

    /// The sheets, in tab order (at least one).
    public var sheets: [Sheet]

    /// Makes a workbook.
    public init(sheets: [Sheet]) {
        self.sheets = sheets
    }

    /// The MIME type of an `.xlsx` file.
    public static let mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    /// The `.xlsx` file's bytes.
    public var bytes: [UInt8] {
        var archive = ZipArchive()
        for (name, text) in WorkbookParts.parts(of: self) { archive.add(name, Array(text.utf8)) }
        return archive.bytes
    }
}
