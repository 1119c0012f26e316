import Foundation
import Models

/// The classroom's host key kept in the data folder (`host-key`, readable and writable by its
/// owner only: mode 0600), so that the host stays logged in and the printed key stays true
/// across a restart or a crash. A missing or unreadable file, or `--new-host-key`, makes a new
/// key (the old one stops working).
enum HostKeyFile {
    /// The file's name in the data folder.
    static let name = "host-key"

    /// The key kept in `folder`, or a new one written there when there is none, it is not a
    /// key, or `renew` asks for a new one.
    static func key(in folder: URL, renew: Bool) throws -> String {
        let file = folder.appendingPathComponent(name)
        if !renew, let kept = try? String(contentsOf: file, encoding: .utf8), isKey(kept) {
            // Owner only, whatever a copy or an editor left.
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return kept
        }
        let key = SecretToken.random()
        try write(key, to: file)
        return key
    }

    /// Whether `text` is a key `SecretToken.random()` made (32 lowercase hex digits).
    static func isKey(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Writes `key` to `file` through a file made owner-only before a byte is in it, moved in
    /// place of the old one (a crash between the two leaves no key: the next start makes one).
    private static func write(_ key: String, to file: URL) throws {
        let partial = file.appendingPathExtension("partial")
        let files = FileManager.default
        try? files.removeItem(at: partial)
        guard files.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: partial.path)
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path]) }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(key.utf8))
        try handle.synchronize()
        try? files.removeItem(at: file)
        try files.moveItem(at: partial, to: file)
    }
}
