import Foundation
import Testing
import TestSupport

@testable import QRCode

/// Reads QR codes with a real decoder, `zbarimg` from Debian's zbar-tools: the test draws the
/// symbol as a greyscale image file and zbarimg prints the decoded bytes.
enum ZBarReader {
    /// Why a symbol could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether the round trips through zbarimg are skipped: only where `scripts/test` found no
    /// zbarimg on a Mac (Homebrew's `zbar` is optional there) and said so. On Linux it installs
    /// zbar-tools, and the tests fail (never skip) without it.
    static let skipped = ProcessInfo.processInfo.environment["ADIVINA_SKIP_ZBARIMG"] != nil

    /// zbarimg on the PATH; tests fail (never skip) without it.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("zbarimg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(
            description: "zbarimg is not installed: run scripts/test, which installs zbar-tools "
                + "(or apt-get install -y zbar-tools)")
    }

    /// The bytes zbarimg decodes from `code` drawn `pixelsPerModule` wide with a 4-module quiet
    /// zone, as a binary PGM image.
    static func decode(_ code: QRCode, pixelsPerModule: Int = 3) async throws -> [UInt8] {
        let quietZone = 4
        let side = (code.size + 2 * quietZone) * pixelsPerModule
        var image = Data("P5\n\(side) \(side)\n255\n".utf8)
        image.reserveCapacity(image.count + side * side)
        for row in 0..<side {
            let y = row / pixelsPerModule - quietZone
            for column in 0..<side {
                image.append(code[column / pixelsPerModule - quietZone, y] ? 0 : 255)
            }
        }
        return try await decodeFile(contents: image, extension: "pgm")
    }

    /// The bytes zbarimg decodes from an image file with these contents (a PGM, PNG or SVG).
    static func decodeFile(contents: Data, extension fileExtension: String) async throws -> [UInt8] {
        let zbarimg = try executable()
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("qrcode-\(UUID().uuidString).\(fileExtension)")
        try TestFiles.write(contents, to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // --raw: only the data; -Sbinary: the bytes as encoded, no character set guessing;
        // QR codes only (a linear symbology can see a false barcode in the modules).
        let run = try await ChildProcess.run(
            zbarimg, ["--raw", "-q", "-Sbinary", "-Sdisable", "-Sqrcode.enable", file.path], timeout: .seconds(60))
        guard run.status == 0 else {
            throw Failure(
                description: "zbarimg exited with \(run.status.map(String.init) ?? "a signal") for \(file.lastPathComponent): "
                    + String(decoding: run.errors, as: UTF8.self))
        }
        let bytes = run.output
        return Array(bytes)
    }
}
