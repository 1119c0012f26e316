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
    static func addState(to router: inout Router, app: String, models: @escaping @Sendable () async -> PlayerModels) {
        router.get("/api/\(app)/state") { _ in
            await models().topics[app]!.stateResponse()
        }
    }

    /// `POST /api/<app>/reload`: runs `download` and answers `{"ok":true}` once it is done, or
    /// the API's error (502/504 with the model's Spanish message).
    static func addReload(
        to router: inout Router, app: String, download: @escaping @Sendable () async throws -> Void
    ) {
        router.post("/api/\(app)/reload", bodyLimit: bodyLimit) { _ in
            try await APIError.run { try await download() }
            return try .json(Done())
        }
    }
}
