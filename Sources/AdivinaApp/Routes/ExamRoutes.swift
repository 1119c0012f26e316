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

    private struct CurrentState: Encodable, Sendable { @Nullable var current: Int? }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.state("/api/books/state") { $0.books }
        api.state("/api/matches/state") { $0.matches }
        api.state("/api/movies/state") { $0.movies }
        api.action("/api/books/reload") { (context: PlayerContext) in try await context.player.books.download() }
        api.action("/api/matches/reload") { (context: PlayerContext) in try await context.player.matches.download() }
        api.action("/api/movies/reload") { (context: PlayerContext) in try await context.player.movies.download() }
        // In a class a player answers only the round's questions (and the rest is closed too).
        api.post("/api/books/:id/answer", body: ChoiceBody.self, access: .onlyTheRound) { (context: PlayerContext, body) in
            try await context.player.books.answer(bookID: try context.request.idParameter(), choice: body.choice)
        }
        api.post("/api/movies/:id/answer", body: YesNoBody.self, access: .onlyTheRound) { (context: PlayerContext, body) in
            try await context.player.movies.answer(movieID: try context.request.idParameter(), answer: body.answer)
        }
        api.post("/api/matches/:id/check", body: WinnerBody.self, access: .onlyTheRound) { (context: PlayerContext, body) in
            try await context.player.matches.check(id: try context.request.idParameter(), winner: body.winner)
        }
        api.put("/api/matches/current", body: CurrentBody.self) { (context: PlayerContext, body) in
            try await context.player.matches.select(id: body.id)
            return CurrentState(current: body.id)
        }
    }
}
