import Foundation
import Testing

@testable import StandIns

@Suite("WordPressStandIn: posts with paging and WordPress's errors, users, categories, absolute links")
struct WordPressStandInTests {
    private let standIn: WordPressStandIn

    init() throws {
        standIn = try WordPressStandIn.bundled(mountPath: "/standin/news")
    }

    private func get(_ path: String, _ query: [String: String] = [:], host: String? = "127.0.0.1:8080") -> StandInResponse {
        standIn.respond(to: StandInRequest(method: "GET", path: path, query: query, host: host))
    }

    private func posts(_ query: [String: String]) throws -> [[String: Any]] {
        let response = get("/wp-json/wp/v2/posts", query)
        #expect(response.status == 200)
        return try #require(try jsonValue(response.body) as? [[String: Any]])
    }

    /// `{"code","message","data":{"status"}}` with this status and code.
    private func expectWordPressError(_ response: StandInResponse, _ status: Int, _ code: String) throws {
        #expect(response.status == status)
        let body = try #require(try jsonValue(response.body) as? [String: Any])
        #expect(body["code"] as? String == code)
        #expect(body["message"] is String)
        #expect((body["data"] as? [String: Any])?["status"] as? Int == status)
    }

    @Test func servesAtLeastTwentyFivePostsNewestFirst() throws {
        #expect(standIn.postCount >= 25)
        let all = try posts(["per_page": "100"])
        #expect(all.count == standIn.postCount)
        let dates = all.compactMap { $0["date_gmt"] as? String }
        #expect(dates == dates.sorted(by: >))
    }

    @Test func pagesAndTotalsFollowPerPage() throws {
        let response = get("/wp-json/wp/v2/posts", ["per_page": "5", "page": "2"])
        #expect(response.headers["X-WP-Total"] == String(standIn.postCount))
        #expect(response.headers["X-WP-TotalPages"] == String((standIn.postCount + 4) / 5))
        let second = try #require(try jsonValue(response.body) as? [[String: Any]])
        let first = try posts(["per_page": "5"])
        #expect(second.count == 5)
        #expect(Set(first.compactMap { $0["id"] as? Int }).isDisjoint(with: second.compactMap { $0["id"] as? Int }))
        #expect(try posts([:]).count == 10, "per_page defaults to 10")
        let lastPage = (standIn.postCount + 9) / 10
        #expect(try posts(["page": String(lastPage)]).count == standIn.postCount - (lastPage - 1) * 10)
    }

    @Test(arguments: ["0", "101", "-3", "veinte", ""])
    func aBadPerPageIsRestInvalidParam(perPage: String) throws {
        let response = get("/wp-json/wp/v2/posts", ["per_page": perPage])
        try expectWordPressError(response, 400, "rest_invalid_param")
        let body = try #require(try jsonValue(response.body) as? [String: Any])
        #expect(body["message"] as? String == "Invalid parameter(s): per_page")
        let params = (body["data"] as? [String: Any])?["params"] as? [String: String]
        #expect(params?["per_page"]?.hasPrefix("per_page ") == true)
    }

    @Test func aBadOrTooLatePageIsRefused() throws {
        try expectWordPressError(get("/wp-json/wp/v2/posts", ["page": "0"]), 400, "rest_invalid_param")
        try expectWordPressError(get("/wp-json/wp/v2/posts", ["page": "uno"]), 400, "rest_invalid_param")
        try expectWordPressError(
            get("/wp-json/wp/v2/posts", ["per_page": "100", "page": "2"]), 400, "rest_post_invalid_page_number")
    }

    @Test func usersCategoriesAndSinglePostsById() throws {
        let user = try #require(try jsonValue(get("/wp-json/wp/v2/users/2").body) as? [String: Any])
        #expect(user["name"] as? String == "Lucía Ferrer")
        let category = try #require(try jsonValue(get("/wp-json/wp/v2/categories/6").body) as? [String: Any])
        #expect(category["name"] as? String == "Xcode &amp; herramientas", "names keep WordPress's entities")
        let post = try #require(try jsonValue(get("/wp-json/wp/v2/posts/2820").body) as? [String: Any])
        #expect(post["id"] as? Int == 2820)
        try expectWordPressError(get("/wp-json/wp/v2/users/99"), 404, "rest_user_invalid_id")
        try expectWordPressError(get("/wp-json/wp/v2/users/ana"), 404, "rest_user_invalid_id")
        try expectWordPressError(get("/wp-json/wp/v2/categories/99"), 404, "rest_term_invalid")
        try expectWordPressError(get("/wp-json/wp/v2/posts/1"), 404, "rest_post_invalid_id")
    }

    @Test func everyAuthorAndCategoryOfThePostsExists() throws {
        for post in try posts(["per_page": "100"]) {
            #expect(get("/wp-json/wp/v2/users/\(post["author"] as? Int ?? -1)").status == 200)
            for category in post["categories"] as? [Int] ?? [] {
                #expect(get("/wp-json/wp/v2/categories/\(category)").status == 200)
            }
        }
    }

    @Test func relativeLinksGoOutAbsoluteOnTheRequestsHost() throws {
        let all = try posts(["per_page": "100"])
        let base = "http://127.0.0.1:8080/standin/news/"
        let macros = try #require(all.first { $0["id"] as? Int == 2820 })
        #expect(macros["jetpack_featured_media_url"] as? String == base + "images/macros.svg")
        #expect(macros["link"] as? String == base + "macros-de-swift-tu-primera-macro-freestanding/")
        #expect(all.contains { $0["jetpack_featured_media_url"] as? String == "" }, "no image stays \"\"")
        let sse = try #require(all.first { $0["id"] as? Int == 2633 })
        let content = try #require((sse["content"] as? [String: Any])?["rendered"] as? String)
        #expect(content.contains(#"src="\#(base)images/diagrama-sse.svg""#))
        let hostile = try #require(all.first { $0["id"] as? Int == 2715 })
        let hostileContent = try #require((hostile["content"] as? [String: Any])?["rendered"] as? String)
        #expect(hostileContent.contains(#"href="javascript:alert(2)""#), "a scheme is not a relative link")
        let user = try #require(try jsonValue(get("/wp-json/wp/v2/users/2", host: "example.test").body) as? [String: Any])
        #expect((user["avatar_urls"] as? [String: String])?["96"] == "http://example.test/standin/news/images/avatars/lucia-ferrer.svg")
        #expect(!String(decoding: get("/wp-json/wp/v2/posts").body, as: UTF8.self).contains("{{standin-base}}"))
    }

    @Test func imagesAreServedWhereThePostsPoint() throws {
        let svg = get("/images/macros.svg")
        #expect(svg.status == 200)
        #expect(svg.contentType == "image/svg+xml")
        #expect(get("/images/avatars/irene-soto.svg").status == 200)
        try expectWordPressError(get("/images/../posts.json"), 404, "rest_no_route")
    }

    @Test func unknownRoutesAreRestNoRoute() throws {
        for path in ["/", "/wp-json/wp/v2/pages", "/wp-json/wp/v1/posts", "/wp-json/wp/v2/posts/1/2", "/posts.json"] {
            try expectWordPressError(get(path), 404, "rest_no_route")
        }
        try expectWordPressError(
            standIn.respond(to: StandInRequest(method: "POST", path: "/wp-json/wp/v2/posts")), 404, "rest_no_route")
    }

    @Test func anOutageFailsTheAPIUntilLifted() throws {
        #expect(standIn.respond(to: StandInRequest(method: "PUT", path: "/control/outage")).status == 200)
        try expectWordPressError(get("/wp-json/wp/v2/posts"), 503, "standin_outage")
        try expectWordPressError(get("/wp-json/wp/v2/users/2"), 503, "standin_outage")
        #expect(get("/images/macros.svg").status == 200, "images stay up")
        _ = standIn.respond(to: StandInRequest(method: "DELETE", path: "/control/outage"))
        #expect(get("/wp-json/wp/v2/posts").status == 200)
    }

    @Test func embedBringsTheAuthorTheImageAndTheCategories() throws {
        let plain = try posts(["per_page": "100"])
        #expect(plain.allSatisfy { $0["_embedded"] == nil }, "only when asked")
        let embedded = try posts(["per_page": "100", "_embed": "author,wp:featuredmedia,wp:term"])
        for post in embedded {
            let embeds = try #require(post["_embedded"] as? [String: Any])
            let author = try #require((embeds["author"] as? [[String: Any]])?.first)
            #expect(author["id"] as? Int == post["author"] as? Int)
            #expect(author["name"] is String)
            let terms = try #require(embeds["wp:term"] as? [[[String: Any]]])
            #expect(terms.first?.compactMap { $0["id"] as? Int } == post["categories"] as? [Int])
            #expect(terms.first?.allSatisfy { $0["taxonomy"] as? String == "category" } == true)
            let image = post["jetpack_featured_media_url"] as? String ?? ""
            let media = (embeds["wp:featuredmedia"] as? [[String: Any]])?.first
            #expect((media?["source_url"] as? String ?? "") == image)
            if !image.isEmpty {
                let sizes = (media?["media_details"] as? [String: Any])?["sizes"] as? [String: Any]
                #expect((sizes?["medium"] as? [String: Any])?["source_url"] as? String == image)
                #expect(image.hasPrefix("http://127.0.0.1:8080/standin/news/"), "absolute, as a real site's")
            }
        }
    }
}
