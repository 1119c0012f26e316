import Foundation
import HTTPServer
import Models

/// The web API of the exam apps: for each of `books` and `movies`, `GET /api/<app>/state`,
/// `POST /api/<app>/reload` and `POST /api/<app>/{id}/answer` → the `AnswerResult`
/// (`{"choice":1|2}` for a book, `{"answer":true|false}` for a film). The new state reaches the
/// pages over SSE (topics `books`, `movies`).
enum ExamRoutes {
    private struct ChoiceBody: Decodable, Sendable { var choice: Int }
    private struct YesNoBody: Decodable, Sendable { var answer: Bool }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable () async -> PlayerModels) {
        for app in ["books", "movies"] {
            AppRoutes.addState(to: &router, app: app, models: models)
        }
        AppRoutes.addReload(to: &router, app: "books") { try await models().books.download() }
        AppRoutes.addReload(to: &router, app: "movies") { try await models().movies.download() }
        AppRoutes.addItemAction(to: &router, "/api/books/:id/answer", body: ChoiceBody.self) { id, body in
            try await models().books.answer(bookID: id, choice: body.choice)
        }
        AppRoutes.addItemAction(to: &router, "/api/movies/:id/answer", body: YesNoBody.self) { id, body in
            try await models().movies.answer(movieID: id, answer: body.answer)
        }
    }
}
