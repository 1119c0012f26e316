import Foundation
import HTTPServer
import Models

/// The web API of the news reader under `/api/news/…`. Every action calls one model method;
/// the new state reaches the pages over SSE, the answer only says how the action went.
enum NewsRoutes {
    /// The largest action body accepted (the actions take none).
    static let bodyLimit = 4 * 1024

    private struct Done: Encodable { var ok = true }
    private struct FavouriteState: Encodable {
        var id: Int
        var favourite: Bool
    }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable (HTTPRequest) async throws -> PlayerModels) {
        router.get("/api/news/state") { request in
            try await models(request).topics["news"]!.stateResponse()
        }
        router.post("/api/news/reload", bodyLimit: bodyLimit) { request in
            let model = try await models(request).news
            try await APIError.run { try await model.reload() }
            return try .json(Done())
        }
        router.post("/api/news/more", bodyLimit: bodyLimit) { request in
            let model = try await models(request).news
            try await APIError.run { try await model.loadMore() }
            return try .json(Done())
        }
        for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
            router.add(method, "/api/news/:id/favourite", bodyLimit: bodyLimit) { request in
                let id = try request.idParameter()
                let model = try await models(request).news
                let now = try await APIError.run { try await model.setFavourite(postID: id, favourite) }
                return try .json(FavouriteState(id: id, favourite: now))
            }
        }
        router.get("/api/news/:id") { request in
            let id = try request.idParameter()
            let model = try await models(request).news
            var response = try HTTPResponse.json(try await APIError.run { try await model.article(postID: id) })
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            return response
        }
        router.get("/api/news/:id/article") { request in
            let id = try request.idParameter()
            let model = try await models(request).news
            let article = try await APIError.run { try await model.article(postID: id) }
            return NewsArticlePage.response(for: article, timeZone: NewsArticlePage.timeZone(named: request.query("tz")))
        }
    }
}
