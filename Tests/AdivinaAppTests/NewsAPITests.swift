import Foundation
import Testing
@testable import AdivinaApp

/// The news reader's web API through the real server and the WordPress stand-in.
@MainActor
struct NewsAPITests {
    /// The news state once the posts and every name have arrived.
    private func loadedNews(_ running: RunningApp) async throws -> [String: Any] {
        try await running.state("news") { state in
            let posts = state["posts"] as? [[String: Any]] ?? []
            // The names of authors and of categories arrive by requests of their own, in any order.
            return state["loading"] as? Bool == false && state["progress"] is NSNull && !posts.isEmpty
                && posts.allSatisfy { $0["authorName"] is String }
                && posts.contains { ($0["categories"] as? [[String: Any]] ?? []).contains { $0["name"] is String } }
        }
    }

    private func rows(_ state: [String: Any]) -> [[String: Any]] {
        state["posts"] as? [[String: Any]] ?? []
    }

    @Test func startsWithTwentyPostsWithNamesAndImages() async throws {
        try await withApp { running in
            let state = try await loadedNews(running)
            let posts = rows(state)
            #expect(posts.count == 20)
            #expect(state["error"] is NSNull)
            #expect((state["site"] as? String)?.hasSuffix("/standin/news") == true)
            let first = try #require(posts.first)
            for key in [
                "id", "date", "link", "title", "excerpt", "image", "authorId", "authorName", "categories", "favourite", "onSite", "protected",
            ] {
                #expect(first.keys.contains(key), "row lacks \(key)")
            }
            #expect(first["content"] == nil, "the list carries no article HTML")
            let dates = posts.compactMap { $0["date"] as? String }
            #expect(dates == dates.sorted(by: >))
            let image = try #require(posts.compactMap { $0["image"] as? String }.first)
            let served = try await running.get(try #require(URL(string: image)).path)
            #expect(served.status == 200)
            #expect(served.headers["content-type"] == "image/svg+xml")
            let categories = posts.flatMap { $0["categories"] as? [[String: Any]] ?? [] }
            #expect(categories.contains { $0["name"] as? String == "Xcode & herramientas" })
            #expect(posts.contains { $0["image"] is NSNull })
        }
    }

    @Test func theArticleComesAsJSONAndAsASandboxedDocument() async throws {
        try await withApp { running in
            let posts = rows(try await loadedNews(running))
            let hostile = try #require(posts.first { ($0["title"] as? String)?.contains("hostil") == true })
            let id = try #require(hostile["id"] as? Int)

            let json = try await running.get("/api/news/\(id)")
            #expect(json.status == 200)
            #expect((json.json["content"] as? String)?.contains("<script>") == true, "the HTML is sent as it came")
            #expect(json.json["title"] as? String == hostile["title"] as? String)

            let page = try await running.get("/api/news/\(id)/article")
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            let policy = try #require(page.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("sandbox"))
            #expect(!policy.contains("allow-scripts"))
            #expect(!policy.contains("script-src"))
            #expect(page.headers["x-content-type-options"] == "nosniff")
            let text = String(decoding: page.body, as: UTF8.self)
            #expect(text.contains("<title>Seguridad: contenido hostil de prueba</title>"))
            #expect(text.contains(#"<base target="_blank">"#))

            #expect(try await running.get("/api/news/1").status == 404)
            #expect(try await running.get("/api/news/1/article").status == 404)
            #expect(try await running.get("/api/news/abc").status == 400)
        }
    }

    @Test func favouritesAreMarkedLiveAndSurviveARestart() async throws {
        let data = try RunningApp.temporaryDirectory("news")
        let first = try await RunningApp(dataDirectory: data)
        let posts = rows(try await loadedNews(first))
        let ids = posts.compactMap { $0["id"] as? Int }
        try #require(ids.count >= 4, "the stand-in's first page has 20 posts")
        let stream = try EventStreamReader(url: URL(string: "api/events?topics=news", relativeTo: first.url)!)
        defer { stream.close() }
        _ = try #require(try await stream.event(named: "news"))

        let put = try await first.put("/api/news/\(ids[1])/favourite")
        #expect(put.status == 200)
        #expect(put.json["favourite"] as? Bool == true)
        #expect(put.json["id"] as? Int == ids[1])
        _ = try await first.put("/api/news/\(ids[3])/favourite")
        let delete = try await first.delete("/api/news/\(ids[3])/favourite")
        #expect(delete.json["favourite"] as? Bool == false)
        #expect(try await first.put("/api/news/1/favourite").status == 404)
        let update = try #require(try await stream.event(named: "news", number: 2))
        #expect(rows(update.json).first { $0["id"] as? Int == ids[1] }?["favourite"] as? Bool == true)
        await first.stop()

        let second = try await RunningApp(dataDirectory: data)
        defer { Task { await second.stop() } }
        // Before the refresh finishes, the stored posts are there already.
        let stored = try await second.state("news") { !self.rows($0).isEmpty }
        #expect(rows(stored).filter { $0["favourite"] as? Bool == true }.compactMap { $0["id"] as? Int } == [ids[1]])
        let refreshed = try await loadedNews(second)
        #expect(rows(refreshed).compactMap { $0["id"] as? Int } == ids, "the site has not changed: no deleting, no reordering")
        #expect(rows(refreshed).filter { $0["favourite"] as? Bool == true }.compactMap { $0["id"] as? Int } == [ids[1]])
    }

    @Test func anOutageShowsAnErrorAndKeepsThePosts() async throws {
        try await withApp { running in
            let before = rows(try await loadedNews(running)).compactMap { $0["id"] as? Int }
            #expect(try await running.put("/standin/news/control/outage?status=503").status == 200)
            let reload = try await running.post("/api/news/reload")
            #expect(reload.status == 502)
            #expect(reload.error?.contains("503") == true)
            let state = try await running.state("news") { $0["error"] is String }
            #expect(rows(state).compactMap { $0["id"] as? Int } == before)
            _ = try await running.delete("/standin/news/control/outage")
            #expect(try await running.post("/api/news/reload").status == 200)
            _ = try await running.state("news") { $0["error"] is NSNull }
        }
    }

    @Test func theNewsServerFlagPointsAtAnotherSite() async throws {
        // The app's own stand-in, reached under another path, plays "a real site".
        let helper = try await RunningApp()
        defer { Task { await helper.stop() } }
        let site = helper.url.appendingPathComponent("standin/news").absoluteString
        let running = try await RunningApp(arguments: ["--news-server", site])
        defer { Task { await running.stop() } }
        let state = try await loadedNews(running)
        #expect(state["site"] as? String == site)
        #expect(rows(state).count == 20)
    }

    @Test func moreLoadsTheNextPageUpToTheLastPost() async throws {
        try await withApp { running in
            let first = try await loadedNews(running)
            #expect(first["total"] as? Int == 28)
            #expect(first["hasMore"] as? Bool == true)
            #expect(try await running.post("/api/news/more").status == 200)
            let all = try await running.state("news") { ($0["posts"] as? [Any])?.count == 28 }
            #expect(all["hasMore"] as? Bool == false)
            #expect(all["loadingMore"] as? Bool == false)
            #expect(try await running.post("/api/news/more").status == 200, "nothing left is no error")
        }
    }

    @Test func theArticleIsDatedInTheBrowsersZone() async throws {
        try await withApp { running in
            let post = try #require(rows(try await loadedNews(running)).first)
            let id = try #require(post["id"] as? Int)
            let iso = try #require(post["date"] as? String)
            let page = try await running.get("/api/news/\(id)/article?tz=Pacific%2FKiritimati")
            let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
            let expected = try #require(NewsArticlePage.displayDate(iso, timeZone: zone))
            #expect(String(decoding: page.body, as: UTF8.self).contains(expected))
            let unknown = try await running.get("/api/news/\(id)/article?tz=Nowhere%2FAtAll")
            #expect(unknown.status == 200, "an unknown zone is UTC")
        }
    }
}
