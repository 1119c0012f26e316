import Foundation
import Testing

@testable import Models

/// Posts read with `_embed`: image sizes, names, deleted authors; text as WordPress renders it.
@Suite("PostEmbeds: images in the right size, authors and categories from _embedded")
struct PostEmbedsTests {
    private typealias Replies = WordPressReplies

    private func decode(_ json: String) throws -> Post {
        try JSONDecoder().decode(Post.self, from: Data(json.utf8))
    }

    @Test func theRowGetsTheMediumSizeAndTheArticleTheFullOne() throws {
        let post = try decode(
            Replies.embeddedPostJSON(1, gmt: "2026-01-01T10:00:00", author: (2, "Ana"), categories: [(3, "Swift")], image: "https://s.test/a"))
        #expect(post.featuredImage == URL(string: "https://s.test/a-300x200.jpg"))
        #expect(post.fullImage == URL(string: "https://s.test/a.jpg"))
        #expect(post.embeds?.author == .named(WordPressName(id: 2, name: "Ana")))
        #expect(post.embeds?.categories == [WordPressName(id: 3, name: "Swift")], "tags are left out")
    }

    @Test func thumbnailWhenThereIsNoMediumAndJetpackWhenThereIsNoEmbed() throws {
        let onlyThumbnail = Replies.embeddedPostJSON(1, gmt: "2026-01-01T10:00:00", author: (2, "Ana"), categories: [], image: "https://s.test/a")
            .replacingOccurrences(of: #","medium":{"source_url":"https://s.test/a-300x200.jpg"}"#, with: "")
        #expect(try decode(onlyThumbnail).featuredImage == URL(string: "https://s.test/a-150x150.jpg"))
        let jetpack = try decode(Replies.postJSON(1, gmt: "2026-01-01T10:00:00", image: "https://s.test/j.jpg"))
        #expect(jetpack.featuredImage == URL(string: "https://s.test/j.jpg"))
        #expect(jetpack.fullImage == URL(string: "https://s.test/j.jpg"))
        #expect(jetpack.embeds == nil)
    }

    @Test func aDeletedAuthorIsMissingAndOddEmbedsNeverSinkThePost() throws {
        let deleted = try decode(Replies.embeddedPostJSON(1, gmt: "2026-01-01T10:00:00", author: (9, nil), categories: []))
        #expect(deleted.embeds?.author == .missing)
        for odd in [#""_embedded":[]"#, #""_embedded":{"author":"x","wp:term":{},"wp:featuredmedia":[{"code":"rest_forbidden"}]}"#] {
            let json = String(Replies.postJSON(1, gmt: "2026-01-01T10:00:00").dropLast()) + "," + odd + "}"
            let post = try decode(json)
            #expect(post.embeds?.author == nil)
            #expect(post.featuredImage == nil)
        }
    }

    @Test func protectedPostsAndEmptyTitlesAreSaid() throws {
        let protected = Replies.postJSON(1, gmt: "2026-01-01T10:00:00", title: "")
            .replacingOccurrences(of: #""content":{"rendered":"<p>Contenido 1</p>","protected":false}"#, with: #""content":{"rendered":"","protected":true}"#)
        let post = try decode(protected)
        #expect(post.isProtected)
        #expect(post.title == "(Sin título)")
        #expect(try decode(Replies.postJSON(1, gmt: "2026-01-01T10:00:00", title: " <em> </em> ")).title == "(Sin título)")
    }
}
