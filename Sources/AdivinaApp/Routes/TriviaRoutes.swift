import Foundation
import HTTPServer
import Models

/// The web API of Trivia: the player's game under `/api/trivia/…` and the shared ranking under
/// `/api/ranking…`. Every action calls one model method; the new state reaches the pages over
/// SSE, the answer only says how the action went.
enum TriviaRoutes {
    /// `{"index"}`, and `question`: the number of the question the page showed (an answer to
    /// one the game has left since is refused with 409 rather than counted for the next).
    private struct AnswerBody: Decodable, Sendable {
        var index: Int
        var question: Int?
    }
    private struct NameBody: Decodable, Sendable { var name: String }
    private struct Saved: Encodable, Sendable {
        var name: String
        var score: Int
        var date: String
    }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.state("/api/trivia/state") { $0.trivia }
        // The single-player game: in a class a player answers only the round's questions, and
        // the round saves the scores.
        api.action("/api/trivia/start", access: .onlyTheRound) { (context: PlayerContext) in try await context.player.trivia.start() }
        api.action("/api/trivia/restart", access: .onlyTheRound) { (context: PlayerContext) in
            try await context.player.trivia.restart()
        }
        api.post("/api/trivia/answer", body: AnswerBody.self, access: .onlyTheRound) { (context: PlayerContext, body) in
            try await context.player.trivia.answer(index: body.index, question: body.question)
        }
        api.post("/api/ranking", body: NameBody.self, access: .onlyTheRound) { (context: PlayerContext, body) in
            let entry = try await context.player.trivia.saveScore(as: body.name, in: context.shared.ranking)
            return Saved(name: entry.name, score: entry.score, date: entry.date.formatted(.iso8601))
        }
        // A read, as the shared topic `ranking` is (`RouteAccess`).
        api.addResponding(.get, "/api/ranking/state", access: .everyone) { (context: PublicStateContext) in
            context.shared.rankingTopic.stateResponse()
        }
    }
}
