import Foundation
import TestSupport

/// A throw-away directory laid out like a small WebRoot, with traps around it: a secret file
/// next to the root, symlinks pointing out of it, and a FIFO inside it.
struct TemporaryWebRoot {
    let base: URL
    var root: URL { base.appendingPathComponent("www") }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("webroot-\(UUID().uuidString)")
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("empty-dir"), withIntermediateDirectories: true)
        for (relative, text) in Self.files { try write(relative, text) }
        try TestFiles.write(Data("secreto".utf8), to: base.appendingPathComponent("secret.txt"))
        try files.createSymbolicLink(atPath: root.appendingPathComponent("passwd-link").path, withDestinationPath: "/etc/passwd")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("etc-link").path, withDestinationPath: "/etc")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("secret-link.txt").path, withDestinationPath: "../secret.txt")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("inside-link.css").path, withDestinationPath: "app.css")
        mkfifo(root.appendingPathComponent("pipe").path, 0o644)
    }

    /// The regular files inside the root: one of each content type the server names, and a
    /// name with spaces.
    static let files: KeyValuePairs<String, String> = [
        "index.html": "<h1>Hola</h1>", "sub/index.html": "<p>sub</p>", "app.css": "body{}",
        "app.js": "export {}", "data.json": "{}", "icon.svg": "<svg/>", "manifest.webmanifest": "{}",
        "pic.png": "png", "photo.jpg": "jpg", "photo.webp": "webp", "favicon.ico": "ico",
        "espacio en nombre.txt": "con espacios",
    ]

    func write(_ relative: String, _ text: String) throws {
        try TestFiles.write(Data(text.utf8), to: root.appendingPathComponent(relative))
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}
