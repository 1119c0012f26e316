/// Maps method + path pattern to handlers. Patterns are literal segments, `:name` parameters and
/// an optional final `*` that takes the rest of the path: `/api/quizzes/:id/check`.
/// A path that matches only under other methods gets 405 with `Allow`; GET routes answer HEAD.
/// GET/HEAD requests whose path no route matches fall through to the static files, if served.
public struct Router: Sendable {
    /// A request handler. It runs off the event loop, so it may `await` anything (e.g. a
    /// `@MainActor` model); a thrown `HTTPError` becomes its response, any other error a 500.
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// A handler answered on the event loop's own thread as soon as the request is read: no task,
    /// no hop to another thread. Only for routes that read thread-safe state and never wait or
    /// block (a snapshot's bytes already encoded). It returns nil to leave the request to the
    /// route's `Handler`.
    public typealias ImmediateHandler = @Sendable (HTTPRequest) -> HTTPResponse?
    /// A decision taken from a request's head alone, on the event loop, before a byte of its
    /// body is read: a response refuses the request (its body is never read and the connection
    /// closes after the answer), nil lets it through. It must be quick and never block.
    public typealias HeadCheck = @Sendable (HTTPRequest) -> HTTPResponse?

    struct Route: Sendable {
        var method: HTTPMethod
        var segments: [Segment]
        var bodyLimit: Int?
        var immediate: ImmediateHandler?
        var headCheck: HeadCheck?
        /// A `fallback`: what no route matched. It takes no body (one gets 404 unread).
        var isFallback = false
        var handler: Handler
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest
    }

    /// What a request's head leads to, before any byte of its body is read (`admit`).
    enum Admission: Sendable {
        /// Read the body, at most `bodyLimit` bytes (nil: the server's default), then go to `match`.
        case read(Match, bodyLimit: Int?)
        /// Answer with this response at once; the body is never read.
        case answer(HTTPResponse)
        /// Answer this refusal at once; the body is never read.
        case refuse(Refusal)
    }

    /// What a request's method and path lead to.
    enum Match: Sendable {
        case route(Route, parameters: [String: String])
        case staticFiles(StaticFiles)
        case refused(Refusal)
    }

    /// Why no handler takes a request; the server answers it itself (see `ErrorResponder`).
    enum Refusal: Sendable, Equatable {
        /// No route, fallback or static files for the path (404).
        case notFound
        /// Some route matches the path under other methods (405 with `Allow`).
        case methodNotAllowed(allow: String)
        /// The path does not percent-decode (400).
        case badPath
    }

    /// One route as added: its method and its pattern (`/api/quizzes/:id/check`, `/standin/quiz/*`).
    public struct Entry: Sendable, Equatable {
        public let method: HTTPMethod
        public let pattern: String
    }

    private(set) var routes: [Route] = []
    private(set) var staticFiles: StaticFiles?
    private(set) var fallbacks: [Route] = []
    private(set) var headChecks: [HeadCheck] = []

    /// Makes an empty router.
    public init() {}

    /// Every route added or mounted, in order (not the fallbacks, not the static files).
    public var table: [Entry] {
        routes.map { route in
            let parts = route.segments.map { segment in
                switch segment {
                case .literal(let literal): literal
                case .parameter(let name): ":" + name
                case .rest: "*"
                }
            }
            return Entry(method: route.method, pattern: "/" + parts.joined(separator: "/"))
        }
    }

    /// Adds a route. `bodyLimit` overrides the server's default body limit for this route
    /// (bigger bodies get 413 before they are read). `immediate`, if given, is asked first, on
    /// the event loop's thread; `handler` answers what it leaves (nil). `headCheck`, if given,
    /// may refuse the request from its head alone, before its body is read (who is asking).
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int? = nil, immediate: ImmediateHandler? = nil,
        headCheck: HeadCheck? = nil, handler: @escaping Handler
    ) {
        routes.append(Route(
            method: method, segments: Self.segments(of: pattern), bodyLimit: bodyLimit, immediate: immediate,
            headCheck: headCheck, handler: handler))
    }

    /// Checks the head of every request with `check` before it is routed (e.g. which `Host`
    /// names the server answers to); the first check that answers refuses the request.
    public mutating func checkEveryHead(_ check: @escaping HeadCheck) {
        headChecks.append(check)
    }

    /// Adds a GET route (which also answers HEAD); see `add` for `immediate`.
    public mutating func get(
        _ pattern: String, bodyLimit: Int? = nil, immediate: ImmediateHandler? = nil, handler: @escaping Handler
    ) {
        add(.get, pattern, bodyLimit: bodyLimit, immediate: immediate, handler: handler)
    }

    /// Adds a POST route.
    public mutating func post(_ pattern: String, bodyLimit: Int? = nil, handler: @escaping Handler) {
        add(.post, pattern, bodyLimit: bodyLimit, handler: handler)
    }

    /// Adds a PUT route.
    public mutating func put(_ pattern: String, bodyLimit: Int? = nil, handler: @escaping Handler) {
        add(.put, pattern, bodyLimit: bodyLimit, handler: handler)
    }

    /// Adds a DELETE route.
    public mutating func delete(_ pattern: String, bodyLimit: Int? = nil, handler: @escaping Handler) {
        add(.delete, pattern, bodyLimit: bodyLimit, handler: handler)
    }

    /// Adds a PATCH route.
    public mutating func patch(_ pattern: String, bodyLimit: Int? = nil, handler: @escaping Handler) {
        add(.patch, pattern, bodyLimit: bodyLimit, handler: handler)
    }

    /// Adds every route of `other` under `prefix` (e.g. `/standin/quiz`).
    public mutating func mount(_ prefix: String, _ other: Router) {
        let prefixSegments = Self.segments(of: prefix)
        for var route in other.routes {
            route.segments = prefixSegments + route.segments
            routes.append(route)
        }
    }

    /// Sends every request under `prefix` that no route matches, whatever its method, to
    /// `handler` (e.g. a JSON 404 for an API) instead of the static files or the plain 404.
    /// A path some route matches under another method still gets 405.
    public mutating func fallback(_ prefix: String, handler: @escaping Handler) {
        fallbacks.append(Route(
            method: .get, segments: Self.segments(of: prefix) + [.rest], bodyLimit: nil, immediate: nil, headCheck: nil,
            isFallback: true, handler: handler))
    }

    /// Serves `files` for GET and HEAD requests that no route matches; other methods on a path
    /// that names one of the files get 405 with `Allow: GET, HEAD`.
    public mutating func serveFiles(_ files: StaticFiles) {
        staticFiles = files
    }

    /// Routes `request` and runs its handler (or the static files) without a socket: useful in
    /// tests and for calling a stand-in in-process.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let match: Match
        switch admit(request, hasBody: !request.body.isEmpty) {
        case .answer(let response): return response
        case .refuse(let refusal): return ErrorResponder.plain.response(for: refusal, path: request.path)
        case .read(let admitted, let limit):
            if let limit, request.body.count > limit {
                return ErrorResponder.plain.response(for: .contentTooLarge, path: request.path)
            }
            match = admitted
        }
        switch match {
        case .route(let route, let parameters):
            var routed = request
            routed.parameters = parameters
            if let response = route.immediate?(routed) { return response }
            return await Self.run(route.handler, routed)
        case .staticFiles(let files): return files.respond(to: request)
        case .refused(let refusal): return ErrorResponder.plain.response(for: refusal, path: request.path)
        }
    }

    /// Runs a handler, turning thrown errors into responses.
    static func run(_ handler: Handler, _ request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await handler(request)
        } catch let error as HTTPError {
            return error.response
        } catch {
            return HTTPError(.internalServerError, message: "internal server error").response
        }
    }

    /// What the head of `request` (its `clientAddress` set) leads to, before its body is read:
    /// the head checks, then the route's own. Only a route that reads one takes a body: a
    /// request with one (`hasBody`) to a path no route takes is refused unread, and one to a
    /// `GET`/`HEAD` route or the static files is let through with a body limit of 0 (413).
    func admit(_ request: HTTPRequest, hasBody: Bool) -> Admission {
        for check in headChecks {
            if let response = check(request) { return .answer(response) }
        }
        let match = match(method: request.method, path: request.path)
        switch match {
        case .route(let route, let parameters):
            if hasBody && route.isFallback { return .refuse(.notFound) }
            var routed = request
            routed.parameters = parameters
            if let response = route.headCheck?(routed) { return .answer(response) }
            let readsBody = request.method != .get && request.method != .head
            return .read(match, bodyLimit: readsBody ? route.bodyLimit : 0)
        case .staticFiles:
            return .read(match, bodyLimit: 0)
        case .refused(let refusal):
            return hasBody ? .refuse(refusal) : .read(match, bodyLimit: 0)
        }
    }

    /// Finds the route for a method and a raw (percent-encoded) path.
    func match(method: HTTPMethod, path: String) -> Match {
        guard path.hasPrefix("/") else { return .refused(.notFound) }
        var decoded: [String] = []
        for raw in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            guard let segment = PercentDecoding.decode(Substring(raw)) else { return .refused(.badPath) }
            decoded.append(segment)
        }
        if decoded.last == "" && decoded.count > 1 { decoded.removeLast() }
        if decoded == [""] { decoded = [] }

        var allowed: [HTTPMethod] = []
        var headFallback: (Route, [String: String])?
        for route in routes {
            guard let parameters = Self.bind(route.segments, to: decoded) else { continue }
            if route.method == method { return .route(route, parameters: parameters) }
            if method == .head && route.method == .get && headFallback == nil {
                headFallback = (route, parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if let (route, parameters) = headFallback { return .route(route, parameters: parameters) }
        if allowed.isEmpty {
            for fallback in fallbacks {
                if let parameters = Self.bind(fallback.segments, to: decoded) { return .route(fallback, parameters: parameters) }
            }
            if let staticFiles {
                if method == .get || method == .head { return .staticFiles(staticFiles) }
                // A file is there, but only to be read.
                if staticFiles.serves(path: path) { return .refused(.methodNotAllowed(allow: "GET, HEAD")) }
            }
            return .refused(.notFound)
        }
        if allowed.contains(.get) && !allowed.contains(.head) { allowed.insert(.head, at: allowed.firstIndex(of: .get)! + 1) }
        return .refused(.methodNotAllowed(allow: allowed.map(\.rawValue).joined(separator: ", ")))
    }

    private static func bind(_ pattern: [Segment], to path: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .rest:
                parameters["*"] = path[min(index, path.count)...].joined(separator: "/")
                return parameters
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count, !path[index].isEmpty else { return nil }
                parameters[name] = path[index]
            }
        }
        return pattern.count == path.count ? parameters : nil
    }

    private static func segments(of pattern: String) -> [Segment] {
        pattern.split(separator: "/").map { part in
            if part == "*" { return .rest }
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            return .literal(String(part))
        }
    }
}
