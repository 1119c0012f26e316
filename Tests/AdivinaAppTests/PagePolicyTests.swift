import Foundation
import TestSupport
import Testing

/// The pages' Content-Security-Policy comes with every page of the running app as a response
/// header (the pages carry no `<meta>` of it; `frame-ancestors` works only as a header): no other
/// site may frame a page, and the class pages allow no remote images.
@Suite @MainActor struct PagePolicyTests {
    static let pages = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; "
        + "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    static let classPages = pages.replacingOccurrences(of: " http: https:", with: "")

    @Test func everyPageOfTheAppCarriesItsPolicyAndTheAPINone() async throws {
        let webRoot = Fixtures.repository.appendingPathComponent("WebRoot").path
        try await withApp(["--webroot", webRoot]) { app in
            for path in ["/", "/quizzes/", "/quizzes/play.html", "/books/", "/news/post.html", "/trivia/ranking.html"] {
                let reply = try await app.get(path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.headers["content-security-policy"] == Self.pages, "\(path)")
            }
            for path in ["/clase/", "/clase/anfitrion.html", "/clase/marcador.html", "/clase/resultados.html"] {
                #expect(try await app.get(path).headers["content-security-policy"] == Self.classPages, "\(path)")
            }
            for path in ["/css/ios.css", "/js/ui.js", "/api/quizzes/state"] {
                #expect(try await app.get(path).headers["content-security-policy"] == nil, "\(path) is no page")
            }
        }
    }
}
