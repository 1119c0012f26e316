import CEventLoop
import Synchronization

/// Serves the files under a root directory (GET and HEAD) with content types, `ETag` /
/// `If-None-Match` → 304, `Last-Modified`, `Cache-Control` and `index.html` for directories.
/// Small files are kept in memory and revalidated against the file's identity and mtime on every
/// request.
///
/// Paths never leave the root: the path is percent-decoded exactly once; `.`/`..` segments,
/// backslashes, NUL and other control bytes and encoded slashes are refused with 400; the file's
/// `realpath` (symbolic links resolved) must lie inside the root's; only regular files are served.
///
/// HTML files carry the `pageHeaders` given for their folder (the pages' Content-Security-Policy:
/// sent once here instead of a `<meta>` copied into every page).
///
/// HTML files may hold server-side includes in nginx's syntax (`ServerSideIncludes`):
/// `<!--#include virtual="/partials/head.html" -->` is replaced by that file, one level deep, with
/// `<!--#set var=… value=… -->` and `<!--#echo var=… default=… -->` for what a page changes in it.
/// They are expanded when the page is loaded into the cache, before gzip and the ETag: an
/// expanded page's ETag is a hash of the expanded bytes, its `Last-Modified` the newest of its
/// files' mtimes, and revalidation stats the partials too, so an edited partial changes every page
/// that includes it. A directive that cannot be expanded answers the page 500 and says why in
/// `report` (standard error by default). Partials are plain files of the webroot: a GET of one
/// serves the fragment, its own directives expanded like a page's (`echo` with its default),
/// with nothing to hide.
///
/// Text files (html, css, js, json, svg, webmanifest, txt) of at least `minCompressedFileSize`
/// bytes are sent gzip-compressed to requests whose `Accept-Encoding` prefers it
/// (`AcceptEncoding`), with `Content-Encoding: gzip` and an ETag of their own (the identity
/// form's with `-gzip` inside the quotes, so `If-None-Match` → 304 works for both forms); both
/// forms carry `Vary: Accept-Encoding`. A file is compressed the first time a request wants it
/// in gzip and the result is kept beside the file in the cache (so an edited file, whose size or
/// mtime differ, is read and compressed again), counted in `maxCacheBytes`; a file that gzip does
/// not make smaller, or that is not cached, is sent as it is. HEAD gets the same headers as GET.
/// `Range` is not supported (before and after compression): a range request gets the whole
/// representation with 200, compressed when accepted, like any GET.
public final class StaticFiles: Sendable {
    /// Why a root directory cannot be served.
    public enum RootError: Error, Equatable {
        case notADirectory(String)
    }

    /// What tells one version of a file from another: its identity, size and mtime.
    private struct FileVersion: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var mtimeSeconds: Int64
        var mtimeNanoseconds: Int64

        init(_ info: cel_file_info) {
            (device, inode, size) = (info.device, info.inode, info.size)
            (mtimeSeconds, mtimeNanoseconds) = (info.mtime_seconds, info.mtime_nanoseconds)
        }
    }

    /// One form of a file's content (as it is, or gzip) with its encoded headers.
    private struct Representation {
        var etag: String
        /// The 200's headers (the server adds `Content-Length`).
        var fullHeaders: [UInt8]
        /// The 304's: the validators, `Cache-Control` and `Vary`.
        var validatorHeaders: [UInt8]
        var body: [UInt8]
    }

    /// Where a compressible file's gzip form stands.
    private enum GzipForm {
        case notTried
        /// gzip did not make it smaller, or the cache had no room for it: sent as it is.
        case identityOnly
        case ready(Representation)
    }

    /// A file a cached page was built from besides itself (a partial it includes).
    private struct Dependency {
        var statPath: String
        var version: FileVersion
    }

    private struct CachedFile {
        var version: FileVersion
        /// The path that was stat'ed (the file's revalidation stats it again).
        var statPath: String
        /// When the file was last stat'ed (monotonic ns).
        var checkedAt: UInt64 = 0
        /// The partials an HTML file includes (revalidated with it).
        var partials: [Dependency] = []
        var lastModified: String
        var contentType: String
        /// The `pageHeaders` lines this file carries (HTML only).
        var pageHeaderLines: String
        var identity: Representation
        /// Whether the file is a text type big enough to be worth compressing.
        var compressible: Bool
        var gzip: GzipForm = .notTried

        var cachedBytes: Int {
            guard case .ready(let form) = gzip else { return identity.body.count }
            return identity.body.count + form.body.count
        }
    }

    /// The root directory as `realpath` resolved it.
    public let root: String
    private let cacheControl: String
    private let maxCachedFileSize: Int
    private let maxCacheBytes: Int
    private let minCompressedFileSize: Int
    private let revalidateAfter: UInt64
    private let pageHeaders: [(prefix: String, encoded: String)]
    private let report: @Sendable (String) -> Void
    private let cache = Mutex<(files: [String: CachedFile], bytes: Int)>(([:], 0))

    /// Serves `root`. `cacheControl` is sent with every file ("no-cache" makes browsers revalidate
    /// with the ETag, so edits show up at once). Files up to `maxCachedFileSize` bytes are cached,
    /// `maxCacheBytes` in total. `pageHeaders` are added to every HTML file's 200 response: the
    /// entry whose key is the longest prefix of the request's path (`"/"` for every page,
    /// `"/clase/"` for the pages under `/clase/` only). Text files of at least
    /// `minCompressedFileSize` bytes are sent in gzip to clients that accept it. A cached file is
    /// checked on disk (one `stat`) at most once every `revalidateAfter` (an edit shows up within
    /// that time): the `stat` per request was a tenth of the server's CPU per file request.
    /// `report` hears, in one line, why a page's includes could not be expanded.
    public init(
        root: String, cacheControl: String = "no-cache", pageHeaders: [String: HTTPHeaders] = [:],
        maxCachedFileSize: Int = 512 * 1024, maxCacheBytes: Int = 32 << 20, minCompressedFileSize: Int = 1024,
        revalidateAfter: Duration = .seconds(1), report: @escaping @Sendable (String) -> Void = StaticFiles.standardError
    ) throws {
        guard let resolved = Self.realPath(root) else { throw RootError.notADirectory(root) }
        var info = cel_file_info()
        guard cel_stat(resolved, &info) == 0, info.kind == 2 else { throw RootError.notADirectory(root) }
        self.root = resolved
        self.cacheControl = cacheControl
        self.maxCachedFileSize = maxCachedFileSize
        self.maxCacheBytes = maxCacheBytes
        self.minCompressedFileSize = minCompressedFileSize
        self.revalidateAfter = revalidateAfter.nanoseconds
        self.report = report
        self.pageHeaders = pageHeaders
            .map { (prefix: $0.key, encoded: $0.value.map { "\($0.name): \($0.value)\r\n" }.joined()) }
            .sorted { $0.prefix.count > $1.prefix.count }
    }

    /// Answers a GET or HEAD request for `request.path`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            var response = HTTPResponse.status(.methodNotAllowed)
            response.headers.add(name: "Allow", value: "GET, HEAD")
            return response
        }
        guard let segments = Self.safeSegments(of: request.path) else { return .status(.badRequest) }
        let wantsDirectory = request.path.hasSuffix("/")
        let key = segments.joined(separator: "/") + (wantsDirectory ? "/" : "")
        let file: CachedFile
        let isCached: Bool
        if let cached = validCachedFile(key) {
            (file, isCached) = (cached, true)
        } else {
            switch load(segments: segments, wantsDirectory: wantsDirectory) {
            case .file(let loaded):
                (file, isCached) = (loaded, store(loaded, key: key))
            case .redirect:
                let location = request.path + "/" + (request.queryString.isEmpty ? "" : "?" + request.queryString)
                return .redirect(to: location, status: .movedPermanently)
            case .missing:
                return .status(.notFound)
            case .failedIncludes:
                return .status(.internalServerError)
            case .noDescriptors:
                return HTTPResponse(status: .serviceUnavailable, headers: HTTPResponse.busyRetryAfter, body: Array("Service Unavailable\n".utf8))
            }
        }
        var form = file.identity
        if file.compressible, isCached, AcceptEncoding.prefersGzip(request.headers),
            let compressed = gzipForm(of: file, key: key)
        {
            form = compressed
        }
        if Self.notModified(request.headers, etag: form.etag, lastModified: file.lastModified) {
            var response = HTTPResponse(status: .notModified)
            response.encodedHeaders = form.validatorHeaders
            return response
        }
        var response = HTTPResponse(status: .ok, body: form.body)
        response.encodedHeaders = form.fullHeaders
        return response
    }

    /// Whether a GET of the raw `path` would find something here (a file, or a directory with
    /// its `index.html`, with or without the trailing slash).
    public func serves(path: String) -> Bool {
        guard let segments = Self.safeSegments(of: path) else { return false }
        var file = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        var info = cel_file_info()
        guard cel_stat(file, &info) == 0 else { return false }
        if info.kind == 2 { file += "/index.html" } else if path.hasSuffix("/") { return false }
        guard let real = Self.realPath(file), real.hasPrefix(root + "/") else { return false }
        return cel_stat(real, &info) == 0 && info.kind == 1
    }

    /// The decoded path segments, or nil when the path breaks a safety rule.
    static func safeSegments(of rawPath: String) -> [String]? {
        guard rawPath.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in rawPath.utf8.split(separator: UInt8(ascii: "/")) {
            guard let segment = PercentDecoding.decode(Substring(raw)) else { return nil }
            if segment == "." || segment == ".." { return nil }
            for byte in segment.utf8 where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                return nil
            }
            segments.append(segment)
        }
        return segments
    }

    private func validCachedFile(_ key: String) -> CachedFile? {
        guard let cached = cache.withLock({ $0.files[key] }) else { return nil }
        let now = cel_monotonic_nanoseconds()
        if revalidateAfter > 0, now &- cached.checkedAt < revalidateAfter { return cached }
        var info = cel_file_info()
        guard cel_stat(cached.statPath, &info) == 0, info.kind == 1, FileVersion(info) == cached.version
        else { return nil }
        for partial in cached.partials {
            guard cel_stat(partial.statPath, &info) == 0, info.kind == 1, FileVersion(info) == partial.version
            else { return nil }
        }
        cache.withLock { $0.files[key]?.checkedAt = now }
        return cached
    }

    /// Caches `file` under `key` when it fits; returns whether it did.
    @discardableResult
    private func store(_ file: CachedFile, key: String) -> Bool {
        guard file.identity.body.count <= maxCachedFileSize else { return false }
        return cache.withLock { cache in
            let previous = cache.files[key]?.cachedBytes ?? 0
            guard cache.bytes - previous + file.cachedBytes <= maxCacheBytes else { return false }
            cache.files[key] = file
            cache.bytes += file.cachedBytes - previous
            return true
        }
    }

    /// The gzip form of the cached `file`, compressed and kept on first use; nil when it is sent
    /// as it is. Two first requests at once may both compress; the second keeps the same bytes.
    private func gzipForm(of file: CachedFile, key: String) -> Representation? {
        switch file.gzip {
        case .ready(let form): return form
        case .identityOnly: return nil
        case .notTried: break
        }
        var updated = file
        if let compressed = Gzip.compress(file.identity.body), compressed.count < file.identity.body.count {
            updated.gzip = .ready(representation(
                of: file, etag: String(file.identity.etag.dropLast()) + "-gzip\"", encoding: "gzip", body: compressed))
        } else {
            updated.gzip = .identityOnly
        }
        cache.withLock { cache in
            // A file edited meanwhile was replaced (or dropped): this form is not kept.
            guard let current = cache.files[key], current.version == file.version,
                current.identity.etag == file.identity.etag
            else { return }
            if cache.bytes - current.cachedBytes + updated.cachedBytes > maxCacheBytes { updated.gzip = .identityOnly }
            cache.bytes += updated.cachedBytes - current.cachedBytes
            cache.files[key] = updated
        }
        guard case .ready(let form) = updated.gzip else { return nil }
        return form
    }

    private enum Lookup {
        case file(CachedFile)
        case redirect
        case missing
        /// An HTML file whose includes could not be expanded (said in `report`).
        case failedIncludes
        /// The process had no file descriptor left to read the file: 503, never a 404.
        case noDescriptors
    }

    private func load(segments: [String], wantsDirectory: Bool) -> Lookup {
        var path = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        var info = cel_file_info()
        guard cel_stat(path, &info) == 0 else { return .missing }
        if info.kind == 2 {
            guard wantsDirectory || segments.isEmpty else { return .redirect }
            path += "/index.html"
        } else if wantsDirectory {
            return .missing
        }
        var descriptorsRanOut = false
        guard let (real, read) = readInside(path, descriptorsRanOut: &descriptorsRanOut) else {
            return descriptorsRanOut ? .noDescriptors : .missing
        }
        info = read.info
        var body = read.body
        let contentType = ContentTypes.forPath(real)
        let requestPath = "/" + segments.joined(separator: "/") + (wantsDirectory && !segments.isEmpty ? "/" : "")
        var etag = "\"\(String(info.size, radix: 16))-\(String(info.mtime_seconds, radix: 16))\(String(info.mtime_nanoseconds, radix: 16))\""
        var modified = info.mtime_seconds
        var partials: [Dependency] = []
        if contentType.hasPrefix("text/html"), ServerSideIncludes.hasDirectives(body) {
            var includes = ServerSideIncludes { [self] segments in
                readInside(root + "/" + segments.joined(separator: "/"), descriptorsRanOut: &descriptorsRanOut).map { $0.partial }
            }
            do {
                body = try includes.expand(body)
            } catch {
                if descriptorsRanOut { return .noDescriptors }
                report("StaticFiles: \(requestPath): \(error.description); answered 500")
                return .failedIncludes
            }
            partials = includes.partials.values.map { Dependency(statPath: $0.path, version: FileVersion($0.info)) }
            modified = includes.partials.values.reduce(modified) { max($0, $1.info.mtime_seconds) }
            etag = "\"\(String(body.count, radix: 16))-ssi-\(String(Self.fnv1a(body), radix: 16))\""
        }
        let extra = contentType.hasPrefix("text/html")
            ? pageHeaders.first { requestPath.hasPrefix($0.prefix) }?.encoded ?? "" : ""
        var file = CachedFile(
            version: FileVersion(info), statPath: path, checkedAt: cel_monotonic_nanoseconds(), partials: partials,
            lastModified: Self.httpDate(modified),
            contentType: contentType, pageHeaderLines: extra,
            identity: Representation(etag: etag, fullHeaders: [], validatorHeaders: [], body: []),
            compressible: ContentTypes.isCompressible(real) && body.count >= minCompressedFileSize
                && body.count <= maxCachedFileSize)
        file.identity = representation(of: file, etag: etag, encoding: nil, body: body)
        return .file(file)
    }

    /// The regular file at `path`, read whole, when its `realpath` lies inside the root: that
    /// real path, and the file as `ServerSideIncludes` takes a partial (stat'ed at `path`).
    /// `descriptorsRanOut` is set when it could not be opened for lack of file descriptors.
    private func readInside(_ path: String, descriptorsRanOut: inout Bool) -> (real: String, partial: ServerSideIncludes.Partial)? {
        guard let real = Self.realPath(path), real.hasPrefix(root + "/") else { return nil }
        var info = cel_file_info()
        let fd = cel_open_regular_file(real, &info)
        guard fd >= 0 else {
            if cel_errno_classify(-fd) == CEL_ERRNO_NO_DESCRIPTORS { descriptorsRanOut = true }
            return nil
        }
        defer { _ = cel_close(fd) }
        let size = Int(info.size)
        var failed = false
        let body = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let read = cel_read_fully(fd, buffer.baseAddress, size)
            failed = read != size
            count = failed ? 0 : size
        }
        if failed { return nil }
        return (real, ServerSideIncludes.Partial(path: path, info: info, body: body))
    }

    /// `body` with its headers: `Content-Encoding` when `encoding` is set, `Vary` for files
    /// served in two forms, the validators and the page headers.
    private func representation(of file: CachedFile, etag: String, encoding: String?, body: [UInt8]) -> Representation {
        let vary = file.compressible ? "Vary: Accept-Encoding\r\n" : ""
        let validators = "ETag: \(etag)\r\nLast-Modified: \(file.lastModified)\r\nCache-Control: \(cacheControl)\r\n\(vary)"
        let coding = encoding.map { "Content-Encoding: \($0)\r\n" } ?? ""
        return Representation(
            etag: etag,
            fullHeaders: Array("Content-Type: \(file.contentType)\r\n\(coding)\(validators)\(file.pageHeaderLines)".utf8),
            validatorHeaders: Array(validators.utf8), body: body)
    }

    /// RFC 9110 §13.1.2–3: `If-None-Match` wins; otherwise `If-Modified-Since` equal to ours.
    private static func notModified(_ headers: HTTPHeaders, etag: String, lastModified: String) -> Bool {
        let matches = headers.values(for: "If-None-Match")
        if !matches.isEmpty {
            let strongOpaque = etag
            for list in matches {
                for candidate in list.split(separator: ",") {
                    var tag = candidate.trimmingWhitespace()
                    if tag == "*" { return true }
                    if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                    if tag == strongOpaque { return true }
                }
            }
            return false
        }
        if let since = headers["If-Modified-Since"] { return since == lastModified }
        return false
    }
}
