import Foundation

/// The favourite quiz ids of every token, kept in one JSON file
/// (`{"<token>":[3,17],…}`) that is replaced atomically on every save: the new content is written
/// to a temporary file in the same directory, flushed to disk, then renamed over the old one, so
/// a crash leaves either the old or the new file, never half of one.
struct QuizFavouritesFile: Sendable {
    /// Why the file could not be read or written.
    enum Failure: Error, Equatable {
        /// The file exists but is not an object of integer arrays.
        case corrupt(path: String)
        /// The operating system refused a step of the atomic replace.
        case writeFailed(path: String, step: String, errno: Int32)
    }

    /// Where the favourites live.
    let url: URL

    /// The saved favourites; empty when the file does not exist yet.
    func load() throws -> [String: Set<Int>] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data = try Data(contentsOf: url)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure.corrupt(path: url.path)
        }
        var favourites: [String: Set<Int>] = [:]
        for (token, value) in object {
            guard let list = value as? [Any] else { throw Failure.corrupt(path: url.path) }
            let ids = list.compactMap(ListCatalog.integer)
            guard ids.count == list.count else { throw Failure.corrupt(path: url.path) }
            favourites[token] = Set(ids)
        }
        return favourites
    }

    /// Replaces the file with `favourites` (tokens without favourites are left out).
    func save(_ favourites: [String: Set<Int>]) throws {
        let object = favourites.filter { !$0.value.isEmpty }.mapValues { $0.sorted() }
        let data = try JSONSerialization.data(withJSONObject: object, options: ListCatalog.writingOptions)
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw Failure.writeFailed(path: temporary.path, step: "create", errno: errno)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw Failure.writeFailed(path: url.path, step: "rename", errno: code)
        }
    }
}
