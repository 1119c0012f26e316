import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("Post: the WordPress REST API's posts, in every published shape")
struct PostTests {
    private func decode(_ json: String) throws -> Post {
        try JSONDecoder().decode(Post.self, from: Data(json.utf8))
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// The first post of a WordPress file.
    private func firstPost(_ url: URL) throws -> Post {
        let list = try LenientList<Post>.decode(Data(contentsOf: url))
        #expect(list.skipped.isEmpty, "\(list.skipped)")
        return try #require(list.elements.first)
    }

    /// What every real shape must give: an https image, a title, a plain excerpt, the content, a link.
    private func checkShape(_ post: Post) {
        #expect(post.featuredImage?.scheme == "https")
        #expect(!post.title.isEmpty)
        #expect(!post.excerpt.contains("<"))
        #expect(!post.contentHTML.isEmpty)
        #expect(post.link?.host != nil)
    }

    @Test(arguments: ["posts-jetpack.json", "posts-embed.json"])
    func decodesEachShape(name: String) throws {
        checkShape(try firstPost(Fixtures.wordPressURL(name)))
    }

    @Test func theJetpackShapeIsReadInUTCFromDateGMT() throws {
        let post = try firstPost(Fixtures.wordPressURL("posts-jetpack.json"))
        #expect(post.id == 2718)
        // date is 2024-06-15T09:30:00 on a site two hours ahead of UTC; date_gmt 07:30.
        #expect(post.date == WordPressDate.parse("2024-06-15T07:30:00", timeZone: Self.utc))
        #expect(post.author == 4)
        #expect(post.categories == [12, 31])
        #expect(post.title == "SwiftUI: listas & navegación, paso a paso – parte 2")
        #expect(post.excerpt.hasSuffix("observa …"))
    }

    @Test func theEmbedShapeDecodesItsEntities() throws {
        let post = try firstPost(Fixtures.wordPressURL("posts-embed.json"))
        #expect(post.id == 3141)
        #expect(post.categories == [31])
        #expect(post.title == "El “tiempo” en Swift Concurrency: tareas que esperan")
        #expect(post.excerpt.hasSuffix("esperar…"))
        #expect(!post.excerpt.contains("&#"))
    }

    @Test func theUserAndCategoryGiveTheirNames() throws {
        let user = try JSONDecoder().decode(WordPressName.self, from: Data(contentsOf: Fixtures.wordPressURL("user.json")))
        let category = try JSONDecoder().decode(WordPressName.self, from: Data(contentsOf: Fixtures.wordPressURL("category.json")))
        #expect(user.id == 4 && user.displayName == "Lucía Ferrer")
        #expect(category.id == 31 && category.displayName == "Desarrollo & diseño")
        #expect(WordPressName(id: 6, name: "Xcode &amp; herramientas").displayName == "Xcode & herramientas")
    }

    @Test(.realFixtures, arguments: ["posts-jetpack.json", "posts-embed.json"])
    func decodesTheRealFixtures(name: String) throws {
        checkShape(try firstPost(RealFixtures.wordPressURL(name)))
    }

    @Test(.realFixtures) func theJetpackFixtureIsReadInUTCFromDateGMT() throws {
        let post = try firstPost(RealFixtures.wordPressURL("posts-jetpack.json"))
        #expect(post.id == 10464)
        // date is 2020-11-04T07:25:14 in Hong Kong; date_gmt 2020-11-03T23:25:14.
        #expect(post.date == WordPressDate.parse("2020-11-03T23:25:14", timeZone: Self.utc))
        #expect(post.author == 7)
        #expect(post.categories == [6, 679])
        #expect(post.title == "Panasonic 85mm f/1.8 L mount 鏡頭規格洩漏–預計11月5日發布")
        #expect(post.excerpt.hasSuffix("據 …"))
    }

    @Test(.realFixtures) func theEmbedFixtureDecodesItsEntities() throws {
        let post = try firstPost(RealFixtures.wordPressURL("posts-embed.json"))
        #expect(post.id == 16483)
        #expect(post.categories == [729])
        #expect(post.excerpt.hasSuffix("Speaking…"))
        #expect(!post.excerpt.contains("&#"))
    }

    @Test(.realFixtures) func theRealUserAndCategoryGiveTheirNames() throws {
        let user = try JSONDecoder().decode(WordPressName.self, from: Data(contentsOf: RealFixtures.wordPressURL("user.json")))
        let category = try JSONDecoder().decode(WordPressName.self, from: Data(contentsOf: RealFixtures.wordPressURL("category.json")))
        #expect(user.id == 1 && user.displayName == "lawizee")
        #expect(category.id == 729 && category.displayName == "NEWS")
    }

    @Test func everyBundledPostDecodes() throws {
        let list = try LenientList<Post>.decode(Data(contentsOf: Fixtures.standInData("news/posts.json")))
        #expect(list.skipped.isEmpty, "\(list.skipped)")
        #expect(list.elements.count >= 25)
        #expect(list.elements.contains { $0.featuredImage == nil }, "some have jetpack_featured_media_url \"\"")
        #expect(list.elements.contains { $0.title.contains("‘freestanding’") })
    }

    @Test func anEmptyMissingOrNullImageIsNoImage() throws {
        #expect(try decode(WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00", image: "")).featuredImage == nil)
        #expect(try decode(WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00", image: nil)).featuredImage == nil)
        let null = WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00", image: nil).dropLast() + #","jetpack_featured_media_url":null}"#
        #expect(try decode(String(null)).featuredImage == nil)
        let number = WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00", image: nil).dropLast() + #","jetpack_featured_media_url":0}"#
        #expect(try decode(String(number)).featuredImage == nil, "a wrong type is no image, never a failed decode")
        #expect(try decode(WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00", image: "https://x.test/a.jpg")).featuredImage
            == URL(string: "https://x.test/a.jpg"))
    }

    @Test func dateGMTWinsAndDateIsTheFallbackReadAsUTCAsTheSeedDoes() throws {
        let both = #"{"id":1,"date":"2026-03-01T12:00:00","date_gmt":"2026-03-01T11:00:00","title":{"rendered":"t"},"author":1}"#
        #expect(try decode(both).date == WordPressDate.parse("2026-03-01T11:00:00", timeZone: Self.utc))
        let onlyLocal = #"{"id":1,"date":"2026-03-01T12:00:00","title":{"rendered":"t"},"author":1}"#
        #expect(try decode(onlyLocal).date == WordPressDate.parse("2026-03-01T12:00:00", timeZone: Self.utc))
        let nullGMT = #"{"id":1,"date":"2026-03-01T12:00:00","date_gmt":null,"title":{"rendered":"t"},"author":1}"#
        #expect(try decode(nullGMT).date == WordPressDate.parse("2026-03-01T12:00:00", timeZone: Self.utc))
        let badGMT = #"{"id":1,"date":"2026-03-01T12:00:00","date_gmt":"0000-00-00 00:00:00","title":{"rendered":"t"},"author":1}"#
        #expect(try decode(badGMT).date == WordPressDate.parse("2026-03-01T12:00:00", timeZone: Self.utc))
    }

    @Test(arguments: [
        #"{"id":1,"title":{"rendered":"t"},"author":1}"#,
        #"{"id":1,"date":"ayer","title":{"rendered":"t"},"author":1}"#,
        #"{"id":1,"date":"2026-03-01T12:00:00","title":"t","author":1}"#,
        #"{"id":1,"date":"2026-03-01T12:00:00","title":{"rendered":"t"}}"#,
        #"{"id":"1","date":"2026-03-01T12:00:00","title":{"rendered":"t"},"author":1}"#,
    ])
    func refusesAPostItCannotShow(json: String) {
        #expect(throws: DecodingError.self) { try decode(json) }
    }

    @Test func aBadPostIsSkippedAndTheOthersKept() throws {
        let json = "[" + WordPressReplies.postJSON(1, gmt: "2026-01-01T10:00:00") + #",{"id":2},"#
            + WordPressReplies.postJSON(3, gmt: "2026-01-02T10:00:00") + "]"
        let list = try LenientList<Post>.decode(Data(json.utf8))
        #expect(list.elements.map(\.id) == [1, 3])
        #expect(list.skipped.map(\.id) == ["2"])
    }
}
