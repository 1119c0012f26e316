import Foundation
import Testing
import TestSupport

@testable import QRCode

/// The SVG drawing: its attributes, that its path covers exactly the dark modules, and that a
/// browser's rendering of it decodes.
@Suite struct QRCodeSVGTests {
    let code: QRCode

    init() throws {
        code = try QRCode(encoding: "http://192.168.1.23:8080/join?room=ABCD")
    }

    @Test func documentHasTheAttributesThePageNeeds() {
        let svg = code.svg(moduleSize: 6, quietZone: 4)
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(" width=\"\(side * 6)\" height=\"\(side * 6)\""))
        #expect(svg.contains(" viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains(" shape-rendering=\"crispEdges\""))
        #expect(svg.contains(" role=\"img\""))
        #expect(svg.contains(" aria-label=\"Código QR: http://192.168.1.23:8080/join?room=ABCD\""))
        #expect(svg.contains("<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"))
        #expect(svg.components(separatedBy: "<path ").count == 2)
        #expect(svg.hasSuffix("</svg>"))
    }

    @Test func labelIsEscaped() throws {
        let svg = try QRCode(encoding: "a&b<c>\"d'").svg()
        #expect(svg.contains("aria-label=\"Código QR: a&amp;b&lt;c&gt;&quot;d&apos;\""))
    }

    /// Rasterises the path (it only uses `M x y h n v 1 h -n z`) and compares it with the modules,
    /// quiet zone included.
    @Test(arguments: [0, 2, 4])
    func pathCoversExactlyTheDarkModules(quietZone: Int) throws {
        let svg = code.svg(moduleSize: 1, quietZone: quietZone)
        let side = code.size + 2 * quietZone
        let start = try #require(svg.range(of: " d=\""))
        let end = try #require(svg.range(of: "\"", range: start.upperBound..<svg.endIndex))
        var drawn = [Bool](repeating: false, count: side * side)
        for command in svg[start.upperBound..<end.lowerBound].split(separator: "z") {
            let scanner = Scanner(string: String(command))
            #expect(scanner.scanString("M") != nil)
            let x = try #require(scanner.scanInt()), y = try #require(scanner.scanInt())
            #expect(scanner.scanString("h") != nil)
            let run = try #require(scanner.scanInt())
            #expect(scanner.scanString("v1h-") != nil)
            #expect(scanner.scanInt() == run)
            for column in x..<(x + run) {
                #expect(!drawn[y * side + column], "module drawn twice")
                drawn[y * side + column] = true
            }
        }
        for y in 0..<side {
            for x in 0..<side where drawn[y * side + x] != code[x - quietZone, y - quietZone] {
                Issue.record("module (\(x), \(y)) of the drawing is wrong")
            }
        }
    }

    /// Chromium draws the SVG (as the host page will) and zbarimg reads the screenshot.
    @Test(
        .enabled(
            if: Chromium.path != nil || ProcessInfo.processInfo.environment["SKIP_BROWSER"] == nil,
            "SKIP_BROWSER is set and chromium is missing"),
        .enabled(if: !ZBarReader.skipped, "zbarimg is not installed (brew install zbar): QR round trip skipped"))
    func chromiumRenderingDecodes() async throws {
        let chromium = try #require(Chromium.path, "no Chromium: set CHROMIUM, or run scripts/test, which finds or installs one")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgFile = directory.appendingPathComponent("code.svg")
        let screenshot = directory.appendingPathComponent("code.png")
        let pixels = (code.size + 8) * 4
        try TestFiles.write(code.svg(moduleSize: 4), to: svgFile)

        let run = try await ChildProcess.run(URL(fileURLWithPath: chromium), [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            "--window-size=\(pixels),\(pixels)", "--screenshot=\(screenshot.path)", svgFile.absoluteString,
        ])
        #expect(run.status == 0, "chromium: \(String(decoding: run.errors.suffix(500), as: UTF8.self))")
        let decoded = try await ZBarReader.decodeFile(contents: Data(contentsOf: screenshot), extension: "png")
        #expect(decoded == Array(code.text.utf8))
    }
}

/// The Chromium the browser tests use: `$CHROMIUM` (scripts/test exports it before the Swift
/// tests: Google Chrome, Playwright's Chromium or Debian's), else Google Chrome or Chromium.app on
/// a Mac, else Debian's (scripts/test installs it unless SKIP_BROWSER is set).
enum Chromium {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment["CHROMIUM"].map { [$0] } ?? []
        return (environment + candidates).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Where Chromium is looked for when `$CHROMIUM` names none.
    static let candidates = [
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/usr/bin/chromium", "/usr/bin/chromium-browser",
    ]
}
