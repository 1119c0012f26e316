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
        try write("index.html", "<h1>Hola</h1>")
        try write("sub/index.html", "<p>sub</p>")
        try write("app.css", "body{}")
        try write("app.js", "export {}")
        try write("data.json", "{}")
        try write("icon.svg", "<svg/>")
        try write("manifest.webmanifest", "{}")
        try write("pic.png", "png")
        try write("photo.jpg", "jpg")
        try write("photo.webp", "webp")
        try write("favicon.ico", "ico")
        try write("espacio en nombre.txt", "con espacios")
        try TestFiles.write(Data("secreto".utf8), to: base.appendingPathComponent("secret.txt"))
        try files.createSymbolicLink(atPath: root.appendingPathComponent("passwd-link").path, withDestinationPath: "/etc/passwd")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("etc-link").path, withDestinationPath: "/etc")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("secret-link.txt").path, withDestinationPath: "../secret.txt")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("inside-link.css").path, withDestinationPath: "app.css")
        mkfifo(root.appendingPathComponent("pipe").path, 0o644)
    }

    func write(_ relative: String, _ text: String) throws {
        try TestFiles.write(Data(text.utf8), to: root.appendingPathComponent(relative))
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}
