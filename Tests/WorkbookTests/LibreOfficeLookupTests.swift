import Foundation
import TestSupport
import Testing

/// Where the spreadsheet tests find LibreOffice: the first executable `soffice` of Debian's paths
/// and the Mac's app bundle. Without one, those tests are skipped with `LibreOffice.missing`.
@Suite("LibreOffice lookup: Debian's paths, then LibreOffice.app; none means skipped")
struct LibreOfficeLookupTests {
    @Test func aMissingProgramIsNoProgram() {
        #expect(LibreOffice.program(among: ["/nonexistent/LibreOffice.app/Contents/MacOS/soffice"]) == nil)
    }

    @Test func theFirstExecutableIsTakenAndAPlainFileIsPassedOver() throws {
        let plain = TestFiles.scratch("soffice")
        try TestFiles.write("not a program", to: plain)
        defer { try? FileManager.default.removeItem(at: plain) }
        let found = LibreOffice.program(among: ["/nonexistent/soffice", plain.path, "/bin/sh", "/bin/ls"])
        #expect(found?.path == "/bin/sh")
    }

    @Test func theMacAppBundleIsLookedForAfterDebiansPaths() {
        #expect(LibreOffice.candidates.last == "/Applications/LibreOffice.app/Contents/MacOS/soffice")
        #expect(LibreOffice.candidates.first == "/usr/bin/soffice")
    }
}
