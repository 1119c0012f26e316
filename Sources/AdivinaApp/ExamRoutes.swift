import Foundation
import HTTPServer
import Models

/// The web API of the exam apps: for each of `books`, `matches` and `movies`,
/// `GET /api/<app>/state` and `POST /api/<app>/reload`; the answers, each → the `AnswerResult`:
/// `POST /api/books/{id}/answer` with `{"choice":1|2}`, `POST /api/movies/{id}/answer` with
/// `{"answer":true|false}`, `POST /api/matches/{id}/check` with `{"winner":1|2}`; and
/// `PUT /api/matches/current` with `{"id":N}` or `{"id":null}` → `{"current":N|null}`. The new
/// state reaches the pages over SSE (topics `books`, `matches`, `movies`).
enum ExamRoutes {
    private struct ChoiceBody: Decodable, Sendable { var choice: Int }
    private struct YesNoBody: Decodable, Sendable { var answer: Bool }
    private struct WinnerBody: Decodable, Sendable { var winner: Int }

    /// `{"id": N | null}`: the key must be there, `null` leaves the current match.
    private struct CurrentBody: Decodable, Sendable {
        var id: Int?

        private enum CodingKeys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int?.self, forKey: .id)
        }
    }

    private struct CurrentState: Encodable { @Nullable var current: Int? }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable (HTTPRequest) async throws -> PlayerModels) {
        for app in ["books", "matches", "movies"] {
            AppRoutes.addState(to: &router, app: app, models: models)
        }
        AppRoutes.addReload(to: &router, app: "books") { try await models($0).books.download() }
        AppRoutes.addReload(to: &router, app: "matches") { try await models($0).matches.download() }
        AppRoutes.addReload(to: &router, app: "movies") { try await models($0).movies.download() }
        AppRoutes.addItemAction(to: &router, "/api/books/:id/answer", body: ChoiceBody.self) { request, id, body in
            try await models(request).books.answer(bookID: id, choice: body.choice)
        }
        AppRoutes.addItemAction(to: &router, "/api/movies/:id/answer", body: YesNoBody.self) { request, id, body in
            try await models(request).movies.answer(movieID: id, answer: body.answer)
        }
        AppRoutes.addItemAction(to: &router, "/api/matches/:id/check", body: WinnerBody.self) { request, id, body in
            try await models(request).matches.check(id: id, winner: body.winner)
        }
        router.put("/api/matches/current", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.decodeBody(CurrentBody.self).id
            let model = try await models(request).matches
            try await APIError.run { try await model.select(id: id) }
            return try .json(CurrentState(current: id))
        }
    }
}
