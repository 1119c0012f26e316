import Foundation
import Testing

@testable import QRCode

/// Reads QR codes with a real decoder, `zbarimg` from Debian's zbar-tools: the test draws the
/// symbol as a greyscale image file and zbarimg prints the decoded bytes.
enum ZBarReader {
    /// Why a symbol could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

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
    static func decode(_ code: QRCode, pixelsPerModule: Int = 3) throws -> [UInt8] {
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
        return try decodeFile(contents: image, extension: "pgm")
    }

    /// The bytes zbarimg decodes from an image file with these contents (a PGM, PNG or SVG).
    static func decodeFile(contents: Data, extension fileExtension: String) throws -> [UInt8] {
        let zbarimg = try executable()
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("qrcode-\(UUID().uuidString).\(fileExtension)")
        try contents.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = zbarimg
        // --raw: only the data; -Sbinary: the bytes as encoded, no character set guessing;
        // QR codes only (a linear symbology can see a false barcode in the modules).
        process.arguments = ["--raw", "-q", "-Sbinary", "-Sdisable", "-Sqrcode.enable", file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "zbarimg exited with \(process.terminationStatus) for \(file.lastPathComponent): "
                    + String(decoding: messages, as: UTF8.self))
        }
        return Array(bytes)
    }
}
