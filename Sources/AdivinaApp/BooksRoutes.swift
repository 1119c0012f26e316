import Foundation
import HTTPServer
import Models

/// The web API of the Books exam: `GET /api/books/state`, `POST /api/books/reload` and
/// `POST /api/books/{id}/answer` with `{"choice":1|2}` → the `AnswerResult`. The new state reaches
/// the pages over SSE (topic `books`).
enum BooksRoutes {
    private struct ChoiceBody: Decodable { var choice: Int }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable () async -> PlayerModels) {
        AppRoutes.addState(to: &router, app: "books", models: models)
        AppRoutes.addReload(to: &router, app: "books") { try await models().books.download() }
        router.post("/api/books/:id/answer", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let choice = try request.decodeBody(ChoiceBody.self).choice
            let model = await models().books
            return try .json(try await APIError.run { try await model.answer(bookID: id, choice: choice) })
        }
    }
}
