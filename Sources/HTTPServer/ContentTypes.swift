/// The `Content-Type` of a file, by its extension, and whether it is worth compressing.
enum ContentTypes {
    /// The `Content-Type` for the file at `path`.
    static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
            return "application/octet-stream"
        }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether the file at `path` is text worth sending in gzip (html, css, js, json, svg,
    /// webmanifest, txt…); images, fonts and archives are compressed already.
    static func isCompressible(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return compressibleExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    private static let compressibleExtensions: Set<String> = [
        "html", "htm", "css", "js", "mjs", "json", "map", "svg", "webmanifest", "txt", "xml",
    ]

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json",
        "map": "application/json", "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "ico": "image/x-icon", "avif": "image/avif",
        "webmanifest": "application/manifest+json", "woff2": "font/woff2", "woff": "font/woff",
        "xml": "application/xml", "pdf": "application/pdf", "wasm": "application/wasm",
    ]
}
