import Foundation
import HTTPServer
import Models

/// The web API of Trivia: the player's game under `/api/trivia/…` and the shared ranking under
/// `/api/ranking…`. Every action calls one model method; the new state reaches the pages over
/// SSE, the answer only says how the action went.
enum TriviaRoutes {
    /// The largest action body accepted (an index or a name is short).
    static let bodyLimit = 4 * 1024

    private struct AnswerBody: Decodable { var index: Int }
    private struct NameBody: Decodable { var name: String }
    private struct Done: Encodable { var ok = true }
    private struct Saved: Encodable {
        var name: String
        var score: Int
        var date: String
    }

    /// Adds the routes to `router`; `models` gives the player's and the shared models at request time.
    static func add(
        to router: inout Router,
        models: @escaping @Sendable () async -> (player: PlayerModels, shared: SharedModels)
    ) {
        router.get("/api/trivia/state") { _ in
            await models().player.topics["trivia"]!.stateResponse()
        }
        router.post("/api/trivia/start", bodyLimit: bodyLimit) { _ in
            let game = await models().player.trivia
            try await APIError.run { try await game.start() }
            return try .json(Done())
        }
        router.post("/api/trivia/restart", bodyLimit: bodyLimit) { _ in
            let game = await models().player.trivia
            try await APIError.run { try await game.restart() }
            return try .json(Done())
        }
        router.post("/api/trivia/answer", bodyLimit: bodyLimit) { request in
            let index = try request.decodeBody(AnswerBody.self).index
            let game = await models().player.trivia
            return try .json(try await APIError.run { try await game.answer(index: index) })
        }
        router.get("/api/ranking/state") { _ in
            await models().shared.topics["ranking"]!.stateResponse()
        }
        router.post("/api/ranking", bodyLimit: bodyLimit) { request in
            let name = try request.decodeBody(NameBody.self).name
            let (player, shared) = await models()
            let entry = try await APIError.run { try await player.trivia.saveScore(as: name, in: shared.ranking) }
            return try .json(Saved(name: entry.name, score: entry.score, date: entry.date.formatted(.iso8601)))
        }
    }
}
