import Foundation

/// A service whose contract is one JSON array at one path, plus the images its items link to:
/// the Books exam's server (the list at its root), the Películas exam's (`/movies.json`) and the
/// list half of the matches server (`/partidos.json`). The HTTP-free core: `respond` answers
/// from memory.
///
/// Contract served below `mountPath`:
/// - `GET <listPath>` → `200` with the whole array (any query is ignored, as a static file
///   server would); items keep their shape, and the relative image URLs at `imageMembers`
///   (`images/sancho.svg`) become absolute paths on this server (`<mountPath>/images/sancho.svg`);
/// - `GET /<imageFolder>/<file>.svg` → the image;
/// - `PUT`/`DELETE /control/outage` → the `StandInOutage`, which makes the list fail (images
///   still load, like a CDN that outlives its API);
/// - anything else → `404 {"error":"Not found"}`.
public final class ListServerStandIn: MountableStandIn {
    /// Where the stand-in is mounted, without a trailing slash.
    public let mountPath: String
    /// The path of the list below the mount point (`/`, `/movies.json`).
    public let listPath: String
    /// The service's name in error messages (`books server`).
    public let service: String
    /// The items served.
    public let catalog: ListCatalog
    /// The switch that makes the list fail.
    public let outage = StandInOutage()
    private let images: StandInImages
    private let imageFolder: String
    private let body: Data

    /// A stand-in serving `catalog` at `listPath` and `images` below `/<imageFolder>/`.
    public init(
        service: String, catalog: ListCatalog, imageMembers: [[String]], images: StandInImages, imageFolder: String,
        mountPath: String, listPath: String
    ) {
        let mount = Self.normalizedMountPath(mountPath)
        self.mountPath = mount
        self.listPath = listPath
        self.service = service
        self.catalog = catalog
        self.images = images
        self.imageFolder = imageFolder
        let items = catalog.entries.map { entry in
            StandInImages.resolvingImages(in: catalog.object(entry), at: imageMembers, mountPath: mount)
        }
        body = ListCatalog.encoded(items)
    }

    /// Answers one request below the mount point.
    public func respond(to request: StandInRequest) -> StandInResponse {
        respond(method: request.method, path: request.path, query: request.query)
    }

    /// Answers one request below the mount point, given by its parts.
    public func respond(method: String, path: String, query: [String: String]) -> StandInResponse {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch (method, segments.first) {
        case ("GET", _) where path == listPath:
            return outage.failure(of: service) ?? .json(200, body)
        case ("GET", imageFolder):
            return images.response(for: segments.dropFirst().joined(separator: "/"))
        case (_, "control") where segments == ["control", "outage"]:
            return outage.control(method: method, query: query)
        default:
            return .notFound
        }
    }

    /// The Books exam's server with the bundled questions: the list at the root
    /// (`/standin/books/`), pictures under `/images/`.
    public static func books(mountPath: String = "/standin/books") throws -> ListServerStandIn {
        try bundled(
            "books", file: "books.json", service: "books server", imageMembers: [["answer1", "photo"], ["answer2", "photo"]],
            mountPath: mountPath, listPath: "/")
    }

    /// The Películas exam's server with the bundled films: `/movies.json`, posters under `/images/`.
    public static func movies(mountPath: String = "/standin/movies") throws -> ListServerStandIn {
        try bundled(
            "movies", file: "movies.json", service: "movies server", imageMembers: [["image"]],
            mountPath: mountPath, listPath: "/movies.json")
    }

    private static func bundled(
        _ app: String, file: String, service: String, imageMembers: [[String]], mountPath: String, listPath: String
    ) throws -> ListServerStandIn {
        let catalog = try BundledData.shared("\(app)/\(file)") {
            try ListCatalog(contentsOf: StandInImages.bundledDataDirectory(app).appendingPathComponent(file))
        }
        return ListServerStandIn(
            service: service, catalog: catalog, imageMembers: imageMembers, images: try StandInImages.bundled(app),
            imageFolder: "images", mountPath: mountPath, listPath: listPath)
    }
}
