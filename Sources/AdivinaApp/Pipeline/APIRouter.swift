import Foundation
import HTTPServer
import Models

/// The web API's routes, and the one place a request becomes a handler's context and a handler's
/// result (or error) becomes the response.
///
/// A route says what it needs by the context its handler takes (`PublicContext`,
/// `PlayerContext`, `ClassroomContext`, `HostContext`) and, if it reads one, its body's type.
/// Before the handler runs, the router checks the `:id` parameter, decodes the JSON body (400
/// with a Spanish message) and resolves the context; the handler then calls the model and
/// returns what it answers, which goes out as JSON. A thrown `ModelError` (or a set's
/// `QuestionSetError`, as `ModelError.invalid`) becomes the API's
/// Spanish refusal (`APIError.from`), an `HTTPError` its own response.
///
/// **Who may call it.** Every route declares who may call it where it is added: `access` (a
/// `RouteAccess`), by default its context's (`RequestContext.access`: closed to a player in class,
/// the host's routes to whoever holds the key). A player in class gets 403 with the route's reason
/// from the request's head, before its body is read or its handler runs — one rule here, none in a
/// handler. `routes` lists every route with its declaration; `RouteAccess` says what a phone in
/// class may reach.
///
///     api.post("/api/quizzes/:id/check", body: AnswerBody.self) { (context: PlayerContext, body) in
///         try await context.player.quizzes.check(quizID: try context.request.idParameter(), answer: body.answer)
///     }
struct APIRouter {
    /// The routes added so far, for the server.
    private(set) var router: Router
    /// Who is asking, for the contexts.
    let resolver: RequestResolver
    /// Every route added, with who may call it.
    private(set) var routes: [APIRoute] = []

    /// Adds the API's routes to `router`, resolving contexts with `resolver`.
    init(router: Router, resolver: RequestResolver) {
        self.router = router
        self.resolver = resolver
    }

    // MARK: Routes

    /// Mounts the app's own stand-ins, declared open to everyone (see `RouteAccess`).
    mutating func mount(_ standIns: LocalStandIns) {
        let before = router.table.count
        standIns.mount(on: &router)
        for entry in router.table.dropFirst(before) {
            routes.append(APIRoute(method: entry.method, pattern: entry.pattern, access: .everyone))
        }
    }

    /// A route whose handler answers a value, sent as JSON.
    mutating func add<Context: RequestContext, Result: Encodable & Sendable>(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int = BodyLimit.standard, access: RouteAccess? = nil,
        _ handler: @escaping @Sendable (Context) async throws -> Result
    ) {
        addResponding(method, pattern, bodyLimit: bodyLimit, access: access) { (context: Context) in
            try .json(try await handler(context))
        }
    }

    /// A route that reads a JSON body of type `Body`, and answers a value sent as JSON.
    mutating func add<Context: RequestContext, Body: Decodable & Sendable, Result: Encodable & Sendable>(
        _ method: HTTPMethod, _ pattern: String, body: Body.Type, bodyLimit: Int = BodyLimit.standard,
        access: RouteAccess? = nil, _ handler: @escaping @Sendable (Context, Body) async throws -> Result
    ) {
        addResponding(method, pattern, body: body, bodyLimit: bodyLimit, access: access) { (context: Context, body) in
            try .json(try await handler(context, body))
        }
    }

    /// A route whose handler makes its own response (a snapshot's bytes, a page, cookies).
    /// `fileBody`: the body is a file of its own type (a question bank), taken with any
    /// `Content-Type` and not read as JSON by the control-character check (its reader checks it
    /// as the text it is). `access`: who may call it (nil: `Context.access`).
    mutating func addResponding<Context: RequestContext>(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int = BodyLimit.standard, fileBody: Bool = false,
        access: RouteAccess? = nil, _ handler: @escaping @Sendable (Context) async throws -> HTTPResponse
    ) {
        route(method, pattern, bodyLimit: bodyLimit, fileBody: fileBody, access: access, input: { _ in () }) { (context: Context, _: Void) in
            try await handler(context)
        }
    }

    /// A route that reads a JSON body of type `Body` and makes its own response.
    mutating func addResponding<Context: RequestContext, Body: Decodable & Sendable>(
        _ method: HTTPMethod, _ pattern: String, body: Body.Type, bodyLimit: Int = BodyLimit.standard,
        access: RouteAccess? = nil, _ handler: @escaping @Sendable (Context, Body) async throws -> HTTPResponse
    ) {
        route(method, pattern, bodyLimit: bodyLimit, access: access, input: { try $0.decodeBody(Body.self) }, handler)
    }

    /// Every route goes through here: on the event loop, from the head alone, the route's access
    /// refuses a player in class it is closed to, and the context may refuse who is asking
    /// (`RequestContext.screen`: no host key, no player), before a byte of the body is read; then
    /// an action's origin and body type are checked (`SameOrigin`), the `:id` parameter is
    /// checked and the input read from the request (400 when wrong), then the context is
    /// resolved, then the handler runs. No context takes a turn on the main actor; a handler that
    /// calls a model takes its own.
    private mutating func route<Context: RequestContext, Input: Sendable>(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int, fileBody: Bool = false, access: RouteAccess?,
        input: @escaping @Sendable (HTTPRequest) throws -> Input,
        _ handler: @escaping @Sendable (Context, Input) async throws -> HTTPResponse
    ) {
        let checksID = pattern.contains("/:id")
        let access = access ?? Context.access
        routes.append(APIRoute(method: method, pattern: pattern, access: access))
        let isAction = method != .get && method != .head
        router.add(method, pattern, bodyLimit: bodyLimit, headCheck: { [resolver] request in
            (access.refusal(isPlayerInClass: resolver.isPlayerInClass(request)) ?? Context.screen(request, by: resolver))?.response
        }) { [resolver] request in
            if isAction {
                try SameOrigin.check(request, trustsProxy: resolver.addresses.isFromTrustedProxy(request), fileBody: fileBody)
            }
            if checksID { _ = try request.idParameter() }
            try ControlCharacters.check(request, jsonBody: !fileBody)
            let input = try input(request)
            do {
                let context = try await Context.resolve(request, by: resolver)
                return try await handler(context, input)
            } catch let error as ModelError {
                throw APIError.from(error)
            } catch let error as QuestionSetError {
                throw APIError.from(ModelError(error))
            }
        }
    }

    /// `GET pattern`: the snapshot of the player's live topic `topic`, the same bytes as its
    /// SSE event. Answered on the event loop's thread (`Router.ImmediateHandler`): the player
    /// comes from the resolver's thread-safe tables and the bytes from the topic, with the
    /// refusals of any `PlayerContext` route (503, 401, 403). A local player's models: closed to a
    /// player in class, who has none (`RouteAccess.outsideClass`).
    mutating func state(_ pattern: String, _ topic: @escaping @Sendable (PlayerTopics) -> LiveTopic) {
        routes.append(APIRoute(method: .get, pattern: pattern, access: .outsideClass))
        // On the event loop: a refusal, or the response kept since the snapshot last changed;
        // after a change the first request is answered on the pool, which makes the new one.
        let resolve: @Sendable (HTTPRequest) -> Result<LiveTopic, HTTPError> = { [resolver] request in
            Result { () throws(HTTPError) -> LiveTopic in
                try topic(resolver.player(for: request).topics)
            }
        }
        router.get(pattern, immediate: { [resolver] request in
            // Only a request the loop can answer is counted against the player's rate (the pool
            // would count it again): its player known and their topic's response kept.
            guard let known = resolver.knownPlayer(for: request), let kept = topic(known.topics).keptStateResponse() else {
                return nil
            }
            switch resolve(request) {
            case .success: return kept
            case .failure(let refusal): return refusal.response
            }
        }) { request in
            switch resolve(request) {
            case .success(let topic): topic.stateResponse()
            case .failure(let refusal): refusal.response
            }
        }
    }

    // MARK: Shorthands

    /// A `GET` route (it answers `HEAD` too) answering a value as JSON.
    mutating func get<Context: RequestContext, Result: Encodable & Sendable>(
        _ pattern: String, access: RouteAccess? = nil, _ handler: @escaping @Sendable (Context) async throws -> Result
    ) {
        add(.get, pattern, access: access, handler)
    }

    /// A `POST` route with no body to read, answering a value as JSON.
    mutating func post<Context: RequestContext, Result: Encodable & Sendable>(
        _ pattern: String, bodyLimit: Int = BodyLimit.standard, access: RouteAccess? = nil,
        _ handler: @escaping @Sendable (Context) async throws -> Result
    ) {
        add(.post, pattern, bodyLimit: bodyLimit, access: access, handler)
    }

    /// A `POST` route with no body to read that runs `action` and answers `Done` (its effect
    /// arrives over SSE).
    mutating func action<Context: RequestContext>(
        _ pattern: String, access: RouteAccess? = nil, _ action: @escaping @Sendable (Context) async throws -> Void
    ) {
        post(pattern, access: access) { (context: Context) in
            try await action(context)
            return Done()
        }
    }

    /// A `POST` route reading a JSON body, answering a value as JSON.
    mutating func post<Context: RequestContext, Body: Decodable & Sendable, Result: Encodable & Sendable>(
        _ pattern: String, body: Body.Type, bodyLimit: Int = BodyLimit.standard, access: RouteAccess? = nil,
        _ handler: @escaping @Sendable (Context, Body) async throws -> Result
    ) {
        add(.post, pattern, body: body, bodyLimit: bodyLimit, access: access, handler)
    }

    /// A `PUT` route reading a JSON body, answering a value as JSON.
    mutating func put<Context: RequestContext, Body: Decodable & Sendable, Result: Encodable & Sendable>(
        _ pattern: String, body: Body.Type, bodyLimit: Int = BodyLimit.standard, access: RouteAccess? = nil,
        _ handler: @escaping @Sendable (Context, Body) async throws -> Result
    ) {
        add(.put, pattern, body: body, bodyLimit: bodyLimit, access: access, handler)
    }
}

/// One route of the app as declared: its method, its pattern and who may call it.
struct APIRoute: Sendable, Equatable {
    let method: HTTPMethod
    let pattern: String
    let access: RouteAccess
}

/// The largest bodies the API reads.
enum BodyLimit {
    /// An action's body: a short answer, a name, an index.
    static let standard = 16 * 1024
    /// A quiz answer: answers are short, but the course's real 2024 file has one of 19 KB (quiz
    /// 69: digits of π), which practice 4.1's own mode must be able to check.
    static let quizAnswer = 64 * 1024
}

/// The answer of an action whose effect arrives over SSE: `{"ok":true}`.
struct Done: Encodable, Sendable { var ok = true }
