import Foundation
import HTTPServer

/// A WordPress site's REST API answered from bundled data (`Data/news/`: `posts.json`,
/// `users.json`, `categories.json`, `images/`): the HTTP-free core of the news stand-in,
/// mounted at `/standin/news`.
///
/// Contract served (WordPress core's behaviour and error bodies
/// `{"code","message","data":{"status":N,…}}`):
/// - `GET /wp-json/wp/v2/posts?per_page=&page=` → the posts, newest first; `per_page` 1…100
///   (default 10) and `page` ≥ 1 (default 1), else `400 rest_invalid_param`; a page past the end
///   → `400 rest_post_invalid_page_number`; headers `X-WP-Total` and `X-WP-TotalPages`; with
///   `_embed`, each post carries `_embedded` with its `author` (or WordPress's 404 error object),
///   its `wp:featuredmedia` (the featured image, in `medium` and `thumbnail` sizes) and `wp:term`
///   (its categories, then no tags), as WordPress embeds them;
/// - `GET /wp-json/wp/v2/posts/{id}` → one post, or `404 rest_post_invalid_id`;
/// - `GET /wp-json/wp/v2/users/{id}` → one user, or `404 rest_user_invalid_id`;
/// - `GET /wp-json/wp/v2/categories/{id}` → one category, or `404 rest_term_invalid`;
/// - `GET /images/…` → the bundled SVG images;
/// - any other path → `404 rest_no_route`;
/// - `PUT`/`DELETE /control/outage` (see `StandInOutage`) makes every `/wp-json/…` route fail.
///
/// The data's links are relative (`images/macros.svg`, `author/lucia-ferrer/`, and
/// `src="images/…"` inside the content); they go out absolute on the stand-in's base,
/// `http://<Host>/standin/news/…`, as a real site's would.
public final class WordPressStandIn: MountableStandIn {
    /// Where the stand-in is mounted, without a trailing slash.
    public let mountPath: String
    /// The number of posts served.
    public var postCount: Int { posts.count }

    /// Each item encoded once, its relative links starting with `basePlaceholder`.
    private let posts: [(id: Int, json: String, embedded: String)]
    private let usersByID: [Int: String]
    private let categoriesByID: [Int: String]
    private let images: StandInImages
    private let outage = StandInOutage()

    /// Stands for the stand-in's base URL in the encoded items until a request's host is known.
    private static let basePlaceholder = "{{standin-base}}/"

    /// A stand-in serving the site in `directory` (`posts.json`, `users.json`,
    /// `categories.json`, `images/`).
    public convenience init(directory: URL, mountPath: String) throws {
        self.init(site: try Site(directory: directory), mountPath: mountPath)
    }

    private init(site: Site, mountPath: String) {
        self.mountPath = Self.normalizedMountPath(mountPath)
        posts = site.posts
        usersByID = site.usersByID
        categoriesByID = site.categoriesByID
        images = site.images
    }

    /// The stand-in with the bundled site (read once per process).
    public static func bundled(mountPath: String) throws -> WordPressStandIn {
        WordPressStandIn(
            site: try BundledData.shared("news") { try Site(directory: StandInImages.bundledDataDirectory("news")) },
            mountPath: mountPath)
    }

    /// A site's data as read from its directory.
    private struct Site: Sendable {
        let posts: [(id: Int, json: String, embedded: String)]
        let usersByID: [Int: String]
        let categoriesByID: [Int: String]
        let images: StandInImages

        init(directory: URL) throws {
            let users = try WordPressStandIn.byID(WordPressStandIn.items(directory.appendingPathComponent("users.json")))
            let categories = try WordPressStandIn.byID(WordPressStandIn.items(directory.appendingPathComponent("categories.json")))
            usersByID = users
            categoriesByID = categories
            posts = try WordPressStandIn.items(directory.appendingPathComponent("posts.json")).map { item in
                (
                    id: try WordPressStandIn.id(of: item), date: item["date_gmt"] as? String ?? "",
                    json: try WordPressStandIn.encode(item),
                    embedded: try WordPressStandIn.embedded(for: item, users: users, categories: categories)
                )
            }.sorted { a, b in a.date != b.date ? a.date > b.date : a.id > b.id }.map {
                (id: $0.id, json: $0.json, embedded: $0.embedded)
            }
            images = try StandInImages(directory: directory.appendingPathComponent("images"))
        }
    }

    /// Answers one request; `request.path` is below the mount point.
    public func respond(to request: StandInRequest) -> StandInResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch (request.method, segments.first) {
        case (_, "control") where segments == ["control", "outage"]:
            return outage.control(method: request.method, query: request.query)
        case ("GET", "images"):
            guard let svg = images.svgByPath[segments.dropFirst().joined(separator: "/")] else { return Self.noRoute }
            return StandInResponse(status: 200, contentType: "image/svg+xml", body: svg)
        case ("GET", "wp-json") where segments.count >= 3 && segments[1] == "wp" && segments[2] == "v2":
            if let status = outage.status {
                return Self.error(status, "standin_outage", "The WordPress stand-in is down (simulated outage).")
            }
            return api(Array(segments.dropFirst(3)), query: request.query, base: base(for: request))
        default:
            return Self.noRoute
        }
    }

    // MARK: - Routes

    private func api(_ route: [String], query: [String: String], base: String) -> StandInResponse {
        switch route {
        case ["posts"]:
            return postList(query: query, base: base)
        case let route where route.count == 2 && route[0] == "posts":
            guard let id = Int(route[1]), let post = posts.first(where: { $0.id == id }) else {
                return Self.error(404, "rest_post_invalid_id", "Invalid post ID.")
            }
            return .json(200, Self.resolving(post.json, base: base))
        case let route where route.count == 2 && route[0] == "users":
            guard let user = Int(route[1]).flatMap({ usersByID[$0] }) else {
                return Self.error(404, "rest_user_invalid_id", "Invalid user ID.")
            }
            return .json(200, Self.resolving(user, base: base))
        case let route where route.count == 2 && route[0] == "categories":
            guard let category = Int(route[1]).flatMap({ categoriesByID[$0] }) else {
                return Self.error(404, "rest_term_invalid", "Term does not exist.")
            }
            return .json(200, Self.resolving(category, base: base))
        default:
            return Self.noRoute
        }
    }

    private func postList(query: [String: String], base: String) -> StandInResponse {
        let perPage: Int
        switch Self.integerParameter("per_page", query["per_page"], default: 10, range: 1...100) {
        case .success(let value): perPage = value
        case .failure(let refusal): return refusal.response
        }
        let page: Int
        switch Self.integerParameter("page", query["page"], default: 1, range: 1...Int.max) {
        case .success(let value): page = value
        case .failure(let refusal): return refusal.response
        }
        let totalPages = (posts.count + perPage - 1) / perPage
        if page > max(totalPages, 1) {
            return Self.error(
                400, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available.")
        }
        let chosen = posts.dropFirst((page - 1) * perPage).prefix(perPage)
        let embedding = query["_embed"] != nil
        let items = chosen.map { post in
            embedding ? String(post.json.dropLast()) + #","_embedded":"# + post.embedded + "}" : post.json
        }
        let body = "[" + items.map { Self.resolving($0, base: base) }.joined(separator: ",") + "]"
        return StandInResponse(
            status: 200, contentType: "application/json; charset=UTF-8", body: Data(body.utf8),
            headers: ["X-WP-Total": String(posts.count), "X-WP-TotalPages": String(totalPages)])
    }

    // MARK: - Errors

    /// A refused query parameter, answered as WordPress's `rest_invalid_param`.
    private struct ParameterRefusal: Error {
        var name: String
        var code: String
        var reason: String

        var response: StandInResponse {
            let message = JSONText.quoted(reason)
            let body = """
                {"code":"rest_invalid_param","message":"Invalid parameter(s): \(name)","data":{"status":400,\
                "params":{"\(name)":\(message)},"details":{"\(name)":{"code":"\(code)","message":\(message),"data":null}}}}
                """
            return .json(400, body)
        }
    }

    private static func integerParameter(
        _ name: String, _ text: String?, default defaultValue: Int, range: ClosedRange<Int>
    ) -> Result<Int, ParameterRefusal> {
        guard let text else { return .success(defaultValue) }
        guard let value = Int(text) else {
            return .failure(ParameterRefusal(name: name, code: "rest_invalid_type", reason: "\(name) is not of type integer."))
        }
        guard range.contains(value) else {
            let reason = range.upperBound == Int.max
                ? "\(name) must be greater than or equal to \(range.lowerBound)"
                : "\(name) must be between \(range.lowerBound) (inclusive) and \(range.upperBound) (inclusive)"
            return .failure(ParameterRefusal(name: name, code: "rest_out_of_bounds", reason: reason))
        }
        return .success(value)
    }

    /// WordPress's error body: `{"code","message","data":{"status":N}}`.
    static func error(_ status: Int, _ code: String, _ message: String) -> StandInResponse {
        .json(status, "{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message)),\"data\":{\"status\":\(status)}}")
    }

    private static let noRoute = error(404, "rest_no_route", "No route was found matching the URL and request method.")

    // MARK: - Links

    /// `http://<Host><mountPath>/`, or `<mountPath>/` when the request named no host.
    private func base(for request: StandInRequest) -> String {
        guard let host = request.host, !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == "\"" || $0.isWhitespace })
        else { return mountPath + "/" }
        return "http://\(host)\(mountPath)/"
    }

    private static func resolving(_ json: String, base: String) -> String {
        json.replacingOccurrences(of: basePlaceholder, with: base)
    }

    // MARK: - Loading

    /// The `_embedded` object of a post: its author, its featured image and its categories.
    private static func embedded(for item: [String: Any], users: [Int: String], categories: [Int: String]) throws -> String {
        let author = (item["author"].flatMap(ListCatalog.integer)).flatMap { users[$0] }
            ?? #"{"code":"rest_user_invalid_id","message":"Invalid user ID.","data":{"status":404}}"#
        let terms = ((item["categories"] as? [Any]) ?? []).compactMap(ListCatalog.integer).compactMap { id in
            categories[id].map { term in
                term.contains(#""taxonomy""#) ? term : String(term.dropLast()) + #","taxonomy":"category"}"#
            }
        }
        var parts = [#""author":[\#(author)]"#, #""wp:term":[[\#(terms.joined(separator: ","))],[]]"#]
        if let image = item["jetpack_featured_media_url"] as? String, !image.isEmpty {
            let media: [String: Any] = [
                "id": item["featured_media"] ?? 0, "media_type": "image", "source_url": image,
                "media_details": ["sizes": ["medium": ["source_url": image], "thumbnail": ["source_url": image]]],
            ]
            parts.append(#""wp:featuredmedia":[\#(try encode(media))]"#)
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    private static func items(_ file: URL) throws -> [[String: Any]] {
        guard let items = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] else {
            throw CocoaError(
                .coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "\(file.lastPathComponent) must be an array of objects"])
        }
        return items
    }

    private static func id(of item: [String: Any]) throws -> Int {
        guard let id = item["id"].flatMap(ListCatalog.integer) else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "an item has no integer id"])
        }
        return id
    }

    private static func byID(_ items: [[String: Any]]) throws -> [Int: String] {
        var encoded: [Int: String] = [:]
        for item in items { encoded[try id(of: item)] = try encode(item) }
        return encoded
    }

    /// The item as JSON text with every relative link (`link`, `href`, `url`, `avatar_urls`,
    /// `jetpack_featured_media_url`, `guid`, and `src`/`href` attributes in rendered HTML)
    /// starting with `basePlaceholder`.
    private static func encode(_ item: [String: Any]) throws -> String {
        let resolved = placingBase(in: item, key: nil)
        let data = try JSONSerialization.data(withJSONObject: resolved, options: ListCatalog.writingOptions)
        return String(decoding: data, as: UTF8.self)
    }

    private static let linkKeys: Set<String> = ["link", "href", "url", "jetpack_featured_media_url", "source_url"]


    private static func placingBase(in value: Any, key: String?) -> Any {
        switch value {
        case let object as [String: Any]:
            var copy: [String: Any] = [:]
            for (name, member) in object {
                if key == "avatar_urls" || (key == "guid" && name == "rendered"), let link = member as? String {
                    copy[name] = relativeLinkResolved(link)
                } else if name == "rendered", let html = member as? String {
                    copy[name] = attributesResolved(html)
                } else {
                    copy[name] = placingBase(in: member, key: name)
                }
            }
            return copy
        case let array as [Any]:
            return array.map { placingBase(in: $0, key: key) }
        case let link as String where key.map(linkKeys.contains) == true:
            return relativeLinkResolved(link)
        default:
            return value
        }
    }

    /// A relative link (no scheme, not rooted, not a fragment) prefixed with the base.
    private static func relativeLinkResolved(_ link: String) -> String {
        isRelative(link) ? basePlaceholder + link : link
    }

    private static func isRelative(_ link: String) -> Bool {
        guard let first = link.first, first != "/", first != "#" else { return false }
        let schemeEnd = link.firstIndex { !($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
        return !(schemeEnd.map { link[$0] == ":" && $0 != link.startIndex } ?? false)
    }

    /// `src="…"` and `href="…"` attributes of rendered HTML with relative links made absolute.
    private static func attributesResolved(_ html: String) -> String {
        var result = ""
        var rest = html[...]
        while let match = rest.range(of: #"(src|href)=""#, options: .regularExpression) {
            result += rest[..<match.upperBound]
            rest = rest[match.upperBound...]
            let value = rest.prefix { $0 != "\"" }
            if isRelative(String(value)) { result += basePlaceholder }
        }
        return result + rest
    }
}
