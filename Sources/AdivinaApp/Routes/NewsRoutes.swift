import Foundation
import HTTPServer
import Models

/// The web API of the news reader under `/api/news/…`. Every action calls one model method;
/// the new state reaches the pages over SSE, the answer only says how the action went.
enum NewsRoutes {
    private struct FavouriteState: Encodable, Sendable {
        var id: Int
        var favourite: Bool
    }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.state("/api/news/state") { $0.news }
        api.action("/api/news/reload") { (context: PlayerContext) in try await context.player.news.reload() }
        api.action("/api/news/more") { (context: PlayerContext) in try await context.player.news.loadMore() }
        for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
            api.add(method, "/api/news/:id/favourite") { (context: PlayerContext) in
                let id = try context.request.idParameter()
                return FavouriteState(id: id, favourite: try await context.player.news.setFavourite(postID: id, favourite))
            }
        }
        api.addResponding(.get, "/api/news/:id") { (context: PlayerContext) in
            let article = try await context.player.news.article(postID: try context.request.idParameter())
            var response = try HTTPResponse.json(article)
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            return response
        }
        api.addResponding(.get, "/api/news/:id/article") { (context: PlayerContext) in
            let article = try await context.player.news.article(postID: try context.request.idParameter())
            let timeZone = NewsArticlePage.timeZone(named: context.request.query("tz"))
            return NewsArticlePage.response(for: article, timeZone: timeZone)
        }
    }
}
