import Foundation
import MarkupText
import HTTPServer
import Models

/// The article of a post as a standalone HTML document (`GET /api/news/{id}/article?tz=ZONE`),
/// for an `<iframe sandbox src=…>`: the site's HTML goes in as it came (players and videos made
/// cards by `ArticleEmbeds`), and the response's `Content-Security-Policy` is what keeps it
/// harmless: no script runs (`default-src 'none'` and the `sandbox` directive without
/// `allow-scripts`), it gets an opaque origin, and only images and inline styles load.
///
/// The byline's date is written in the browser's zone (`tz`, an IANA name the page sends;
/// UTC if it is missing or unknown) in the list's format ("1 nov 2026"). A password-protected
/// post shows a notice with a link to read it on the site.
enum NewsArticlePage {
    /// The policy sent with every article.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; "
        + "sandbox allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

    /// The document for `article`, dated in `timeZone`.
    static func response(for article: NewsArticle, timeZone: TimeZone = WordPressDate.utc) -> HTTPResponse {
        var response = HTTPResponse.html(document(for: article, timeZone: timeZone))
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// The zone named by the page's `tz`, or UTC.
    static func timeZone(named name: String?) -> TimeZone {
        name.flatMap { $0.count <= 64 ? TimeZone(identifier: $0) : nil } ?? WordPressDate.utc
    }

    /// "1 nov 2026": the list's format (`Intl.DateTimeFormat("es-ES", {day, month: "short", year})`).
    static func displayDate(_ iso: String, timeZone: TimeZone) -> String? {
        guard let date = try? Date(iso, strategy: .iso8601) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "es_ES")
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate("dMMMy")
        return formatter.string(from: date)
    }

    /// The HTML text: a title, the byline as text, the featured image, then the site's content;
    /// links open in a new tab (the sandbox allows popups, which leave the sandbox; nothing else).
    static func document(for article: NewsArticle, timeZone: TimeZone = WordPressDate.utc) -> String {
        let row = article.row
        let byline = [row.authorName ?? "Autor desconocido", displayDate(row.date, timeZone: timeZone)]
            .compactMap { $0 }.joined(separator: " · ")
        let image = article.fullImage.map {
            #"<img class="featured" src="\#(MarkupText.escaped($0))" alt="\#(MarkupText.escaped("Imagen destacada: \(row.title)"))">"#
        } ?? ""
        let body: String
        if row.isProtected {
            let link = row.link.map { #" <a href="\#(MarkupText.escaped($0))" rel="noopener noreferrer">Leer en el sitio</a>"# } ?? ""
            body = #"<p class="notice">Esta entrada está protegida con contraseña y solo se puede leer en el sitio.\#(link)</p>"#
        } else {
            body = ArticleEmbeds.cards(in: article.content)
        }
        return """
            <!doctype html>
            <html lang="es">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <base target="_blank">
            <title>\(MarkupText.escaped(row.title))</title>
            <style>
            :root { color-scheme: light dark; }
            body { font: 17px/1.5 -apple-system, system-ui, sans-serif; margin: 16px; overflow-wrap: anywhere; }
            img, svg, video, iframe { max-width: 100%; height: auto; }
            img.featured { display: block; width: 100%; border-radius: 10px; margin: 0 0 12px; }
            pre { overflow-x: auto; padding: 12px; border-radius: 8px; background: rgba(127,127,127,.15); }
            .byline { color: #6c6c70; font-size: 15px; }
            @media (prefers-color-scheme: dark) { .byline { color: #aeaeb2; } }
            .notice { padding: 12px 14px; border-radius: 10px; background: rgba(127,127,127,.15); }
            .embed-card { display: flex; align-items: center; gap: 12px; margin: 12px 0; padding: 12px 14px;
              border: 1px solid rgba(127,127,127,.55); border-radius: 12px; color: inherit; text-decoration: none; }
            .embed-card:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
            .embed-play { flex: none; display: grid; place-items: center; width: 44px; height: 44px; border-radius: 50%;
              background: #c00; color: #fff; font-size: 18px; }
            .embed-text { display: grid; gap: 2px; min-width: 0; }
            .embed-text strong { text-decoration: underline; }
            .embed-host { font-size: 15px; opacity: .85; }
            </style>
            </head>
            <body>
            <h1>\(MarkupText.escaped(row.title))</h1>
            <p class="byline">\(MarkupText.escaped(byline))</p>
            \(image)
            <article>
            \(body)
            </article>
            </body>
            </html>
            """
    }
}
