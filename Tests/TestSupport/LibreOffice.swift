import Foundation
import Testing

/// LibreOffice (Debian's `libreoffice-calc-nogui`, or LibreOffice.app on a Mac) run headless to
/// open a spreadsheet file the way a teacher's would and write every sheet back as CSV: a
/// malformed zip or sheet fails there.
public enum LibreOffice {
    /// Where `soffice` is looked for, in order: Debian's two paths, then the Mac's app bundle.
    public static let candidates = [
        "/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice",
        "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    ]

    /// The `soffice` program, or nil when LibreOffice is not installed: the tests that need it are
    /// then skipped with `missing` as the reason (`.enabled(if: LibreOffice.program != nil, …)`).
    public static var program: URL? { program(among: candidates) }

    /// Why a test that needs LibreOffice was skipped.
    public static let missing: Comment =
        "LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui (Debian), or LibreOffice.app in /Applications (Mac)"

    /// The first of `paths` that is an executable file, or nil.
    public static func program(among paths: [String]) -> URL? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// Each sheet of the workbook `bytes` (an `.xlsx`) as LibreOffice reads it, by sheet name: its
    /// rows of cells as shown, in the `locale` given (`es-ES`: a decimal comma). Throws when
    /// LibreOffice cannot convert the file.
    public static func sheets(ofXLSX bytes: [UInt8], locale: String = "es-ES") async throws -> [String: [[String]]] {
        guard let program else { throw Failure("LibreOffice (soffice) no está instalado") }
        let directory = TestFiles.scratch("libreoffice")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("book.xlsx")
        try TestFiles.write(Data(bytes), to: input)
        // A profile of its own, so a concurrent LibreOffice or the user's settings do not interfere;
        // filter options: comma, double quote, UTF-8 (76), first line 1, cells as shown, every sheet.
        let child = try ChildProcess(
            program,
            [
                "-env:UserInstallation=file://\(directory.path)/profile", "--headless", "--norestore",
                "--convert-to", #"csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1"#,
                "--outdir", directory.path, input.path,
            ],
            environment: ["HOME": directory.path, "LANG": locale.replacingOccurrences(of: "-", with: "_") + ".UTF-8",
                          "LC_ALL": locale.replacingOccurrences(of: "-", with: "_") + ".UTF-8",
                          "PATH": "/usr/bin:/bin"],
            mergingErrors: true)
        let status = await child.exitStatus(timeout: .seconds(120))
        var sheets: [String: [[String]]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where file.hasPrefix("book-") && file.hasSuffix(".csv") {
            let name = String(file.dropFirst("book-".count).dropLast(".csv".count))
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            sheets[name] = CSVRows.parse(text)
        }
        guard status == 0, !sheets.isEmpty else {
            throw Failure("LibreOffice no convirtió el libro (estado \(status.map(String.init) ?? "–")): \(child.outputText)")
        }
        return sheets
    }

    /// Why a conversion failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

/// RFC 4180 CSV read into rows of fields (quoted fields, doubled quotes, CRLF or LF ends).
public enum CSVRows {
    /// The rows of `text`.
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        var pending: Character?
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows
    }
}
