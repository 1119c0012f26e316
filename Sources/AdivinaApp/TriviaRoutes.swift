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

    /// Adds the routes to `router`; `models` gives the player's and the shared models at request
    /// time, `shared` the shared ones alone (the ranking is everybody's: no player needed to read it).
    static func add(
        to router: inout Router,
        models: @escaping @Sendable (HTTPRequest) async throws -> (player: PlayerModels, shared: SharedModels),
        shared: @escaping @Sendable () async -> SharedModels
    ) {
        /// The player's own game, outside a classroom (where the host starts the games).
        @Sendable func playerGame(_ request: HTTPRequest) async throws -> TriviaGame {
            let player = try await models(request).player
            if player.seat != nil {
                throw HTTPError(.conflict, message: "En la clase la partida la empieza el profesor.")
            }
            return player.trivia
        }
        router.get("/api/trivia/state") { request in
            try await models(request).player.topics["trivia"]!.stateResponse()
        }
        router.post("/api/trivia/start", bodyLimit: bodyLimit) { request in
            let game = try await playerGame(request)
            try await APIError.run { try await game.start() }
            return try .json(Done())
        }
        router.post("/api/trivia/restart", bodyLimit: bodyLimit) { request in
            let game = try await playerGame(request)
            try await APIError.run { try await game.restart() }
            return try .json(Done())
        }
        router.post("/api/trivia/answer", bodyLimit: bodyLimit) { request in
            let index = try request.decodeBody(AnswerBody.self).index
            let player = try await models(request).player
            if let seat = player.seat {
                return try .json(try await APIError.run {
                    try await seat.session.answerTrivia(playerID: seat.playerID, index: index)
                })
            }
            let game = player.trivia
            return try .json(try await APIError.run { try await game.answer(index: index) })
        }
        router.get("/api/ranking/state") { _ in
            await shared().topics["ranking"]!.stateResponse()
        }
        router.post("/api/ranking", bodyLimit: bodyLimit) { request in
            let name = try request.decodeBody(NameBody.self).name
            let (player, shared) = try await models(request)
            if player.seat != nil {
                throw HTTPError(.conflict, message: "En la clase las puntuaciones se guardan al terminar la ronda.")
            }
            let entry = try await APIError.run { try await player.trivia.saveScore(as: name, in: shared.ranking) }
            return try .json(Saved(name: entry.name, score: entry.score, date: entry.date.formatted(.iso8601)))
        }
    }
}
