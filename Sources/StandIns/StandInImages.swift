import Foundation

/// The SVG images a stand-in serves (quiz attachments and avatars, book pictures, flags,
/// posters), held in memory and looked up by their path relative to the folder they were
/// loaded from (e.g. `quizzes/everest.svg`), so a request can only ever reach a file that was
/// loaded.
public struct StandInImages: Sendable {
    /// The images by relative path (`quizzes/everest.svg`, `avatars/admin.svg`).
    public let svgByPath: [String: Data]

    /// Serves exactly these images.
    public init(svgByPath: [String: Data]) {
        self.svgByPath = svgByPath
    }

    /// Loads every `.svg` file below `directory`, keyed by its path relative to it.
    public init(directory: URL) throws {
        let root = directory.standardizedFileURL.path
        var images: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".svg") else { continue }
            images[relative] = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(relative))
        }
        self.init(svgByPath: images)
    }

    /// The images bundled for one stand-in: `Data/<app>/<folder>` (`quiz`/`images`, `matches`/`flags`).
    public static func bundled(_ app: String, folder: String = "images") throws -> StandInImages {
        try BundledData.shared("\(app)/\(folder)") {
            try StandInImages(directory: bundledDataDirectory(app).appendingPathComponent(folder))
        }
    }

    /// The bundled data directory of one stand-in, `Data/<app>` (its JSON and its images).
    static func bundledDataDirectory(_ app: String) throws -> URL {
        guard let directory = Bundle.module.url(forResource: app, withExtension: nil, subdirectory: "Data") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "StandIns resource Data/\(app) is missing"])
        }
        return directory
    }

    /// `200 image/svg+xml` with the image at `relativePath`, or the stand-ins' 404.
    func response(for relativePath: String) -> StandInResponse {
        guard let svg = svgByPath[relativePath] else { return .notFound }
        return StandInResponse(status: 200, contentType: "image/svg+xml", body: svg)
    }

    /// An image member of a served item (`{"url":…}` or a plain URL string) with a relative URL
    /// (`images/a.svg`) made an absolute path on this server (`<mountPath>/images/a.svg`).
    /// Absolute URLs (`https://…`, `/…`) and anything else are left alone.
    static func resolving(_ image: Any, mountPath: String) -> Any {
        if let url = image as? String {
            return resolving(url: url, mountPath: mountPath)
        }
        if var object = image as? [String: Any], let url = object["url"] as? String {
            object["url"] = resolving(url: url, mountPath: mountPath)
            return object
        }
        return image
    }

    /// `item` with the image at each member path (`["author", "photo"]`) resolved.
    static func resolvingImages(in item: [String: Any], at paths: [[String]], mountPath: String) -> [String: Any] {
        var item = item
        for path in paths {
            guard let first = path.first, let value = item[first] else { continue }
            if path.count == 1 {
                item[first] = resolving(value, mountPath: mountPath)
            } else if let inner = value as? [String: Any] {
                item[first] = resolvingImages(in: inner, at: [Array(path.dropFirst())], mountPath: mountPath)
            }
        }
        return item
    }

    private static func resolving(url: String, mountPath: String) -> String {
        guard !url.isEmpty, !url.hasPrefix("/"), URL(string: url)?.scheme == nil else { return url }
        return mountPath + "/" + url
    }
}
