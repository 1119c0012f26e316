import Foundation
import HTTPServer
import MarkupText
import Models
import Testing

@testable import AdivinaApp

/// The article document: the byline in the browser's zone, the protected notice, video cards.
@Suite("NewsArticlePage and ArticleEmbeds")
struct NewsArticlePageTests {
    private func article(content: String, protected: Bool = false, date: String = "2026-10-31T23:30:00") throws -> NewsArticle {
        let json = #"{"id":5,"date_gmt":"\#(date)","link":"https://site.test/?p=5","title":{"rendered":"Vídeo &amp; más"},"#
            + #""content":{"rendered":\#(JSONText.quoted(content)),"protected":\#(protected)},"author":1}"#
        let post = try JSONDecoder().decode(Post.self, from: Data(json.utf8))
        return NewsArticle(row: NewsRow(post, authorName: "Ana", categoryNames: [:], favourite: false), content: content)
    }

    @Test func theBylineIsInTheBrowsersZoneAndTheListsFormat() throws {
        let late = try article(content: "<p>x</p>")
        let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
        #expect(NewsArticlePage.document(for: late, timeZone: madrid).contains("Ana · 1 nov 2026"))
        #expect(NewsArticlePage.document(for: late).contains("Ana · 31 oct 2026"), "UTC without a zone")
        #expect(NewsArticlePage.timeZone(named: "Europe/Madrid") == madrid)
        #expect(NewsArticlePage.timeZone(named: "no/such") == WordPressDate.utc)
        #expect(NewsArticlePage.timeZone(named: nil) == WordPressDate.utc)
    }

    @Test func aProtectedPostShowsANoticeWithALinkToTheSite() throws {
        let document = NewsArticlePage.document(for: try article(content: "", protected: true))
        #expect(document.contains("protegida con contraseña"))
        #expect(document.contains(#"<a href="https://site.test/?p=5" rel="noopener noreferrer">Leer en el sitio</a>"#))
    }

    @Test func aYouTubePlayerBecomesACardToTheVideo() throws {
        let html = #"<p>Mira:</p><figure><iframe width="560" title="X" src="https://www.youtube.com/embed/abc_123?feature=oembed&amp;x=1" allowfullscreen></iframe></figure><p>Fin</p>"#
        let document = NewsArticlePage.document(for: try article(content: html))
        #expect(!document.contains("<iframe"))
        #expect(document.contains(#"<a class="embed-card" href="https://www.youtube.com/watch?v=abc_123""#))
        #expect(document.contains("Ver el vídeo en YouTube"))
        #expect(document.contains("<p>Mira:</p><figure>"))
        #expect(document.contains("</figure><p>Fin</p>"))
        let response = NewsArticlePage.response(for: try article(content: html))
        #expect(response.headers["Content-Security-Policy"] == NewsArticlePage.contentSecurityPolicy, "the policy stays as strict")
    }

    @Test(arguments: [
        (#"<iframe src="https://player.vimeo.com/video/42"></iframe>"#, "https://vimeo.com/42", "Ver el vídeo en Vimeo"),
        (#"<IFRAME SRC='//www.youtube-nocookie.com/embed/q1'></IFRAME>"#, "https://www.youtube.com/watch?v=q1", "Ver el vídeo en YouTube"),
        (#"<iframe src="https://maps.example/embed?q=a"></iframe>"#, "https://maps.example/embed?q=a", "Abrir el contenido insertado"),
        (#"<video controls><source src="https://site.test/v.mp4" type="video/mp4"></video>"#, "https://site.test/v.mp4", "Ver el vídeo"),
    ])
    func framesAndVideosBecomeCards(html: String, target: String, label: String) {
        let cards = ArticleEmbeds.cards(in: html)
        #expect(cards.contains(#"href="\#(MarkupText.escaped(target))""#), "\(cards)")
        #expect(cards.contains("<strong>\(label)</strong>"))
        #expect(!cards.lowercased().contains("<iframe") && !cards.contains("<video"))
    }

    @Test func aFrameWithoutAnAddressIsDropped() {
        #expect(ArticleEmbeds.cards(in: #"a<iframe srcdoc="<b>x</b>"></iframe>b<iframe src="javascript:alert(1)">"#) == "ab")
    }
}
