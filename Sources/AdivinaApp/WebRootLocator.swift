import Foundation

/// Finds the static pages: `--webroot` when given, else `WebRoot/` in the working directory,
/// else the `WebRoot/` of the package this binary was built from.
enum WebRootLocator {
    /// Why no web root could be used.
    struct NotFound: Error, CustomStringConvertible {
        var tried: [String]
        var description: String {
            "cannot find the web pages (WebRoot/ with index.html); tried: \(tried.joined(separator: ", ")); use --webroot DIR"
        }
    }

    /// The directory to serve.
    static func locate(_ configured: URL?) throws -> URL {
        let candidates: [URL]
        if let configured {
            candidates = [configured]
        } else {
            let packageRoot = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            candidates = [
                URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("WebRoot"),
                packageRoot.appendingPathComponent("WebRoot"),
            ]
        }
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("index.html").path) {
            return candidate.standardizedFileURL
        }
        throw NotFound(tried: candidates.map(\.path))
    }
}
