import Foundation
import HTTPServer
import Models

/// What the routes of every app share: the body limit, the `{"ok":true}` answer, and the
/// `state` and `reload` routes of an app whose model downloads a list.
enum AppRoutes {
    /// The largest action body accepted (an answer is short).
    static let bodyLimit = 16 * 1024

    /// The answer of an action whose effect arrives over SSE.
    struct Done: Encodable { var ok = true }

    /// `GET /api/<app>/state`: the snapshot of topic `<app>`, the same bytes as the SSE event.
    static func addState(to router: inout Router, app: String, models: @escaping @Sendable (HTTPRequest) async throws -> PlayerModels) {
        router.get("/api/\(app)/state") { request in
            try await models(request).topics[app]!.stateResponse()
        }
    }

    /// `POST /api/<app>/reload`: runs `download` and answers `{"ok":true}` once it is done, or
    /// the API's error (502/504 with the model's Spanish message).
    static func addReload(
        to router: inout Router, app: String, download: @escaping @Sendable (HTTPRequest) async throws -> Void
    ) {
        router.post("/api/\(app)/reload", bodyLimit: bodyLimit) { request in
            try await APIError.run { try await download(request) }
            return try .json(Done())
        }
    }

    /// `POST <pattern>` on the item `:id` with a JSON body of type `Body`: runs `action` and
    /// answers its result as JSON (400 for a bad id or body, the API's error if `action` fails).
    static func addItemAction<Body: Decodable & Sendable, Result: Encodable & Sendable>(
        to router: inout Router, _ pattern: String, body: Body.Type,
        action: @escaping @Sendable (_ request: HTTPRequest, _ id: Int, _ body: Body) async throws -> Result
    ) {
        router.post(pattern, bodyLimit: bodyLimit) { request in
            let id = try request.idParameter()
            let body = try request.decodeBody(Body.self)
            return try .json(try await APIError.run { try await action(request, id, body) })
        }
    }
}
