import Foundation
import HTTPServer
import Models

/// The article of a post as a standalone HTML document (`GET /api/news/{id}/article`), for an
/// `<iframe sandbox src=…>`: the site's HTML goes in as it came, and the response's
/// `Content-Security-Policy` is what keeps it harmless: no script runs (`default-src 'none'`
/// and the `sandbox` directive without `allow-scripts`), it gets an opaque origin, and only
/// images and inline styles load.
enum NewsArticlePage {
    /// The policy sent with every article.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; "
        + "sandbox allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

    /// The document for `article`.
    static func response(for article: NewsArticle) -> HTTPResponse {
        var response = HTTPResponse.html(document(for: article))
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// The HTML text: a title, the byline as text, then the site's content; links open in a new
    /// tab (the sandbox allows popups, which leave the sandbox; nothing else).
    static func document(for article: NewsArticle) -> String {
        let row = article.row
        let byline = [row.authorName, String(row.date.prefix(10))].compactMap { $0 }.joined(separator: " · ")
        return """
            <!doctype html>
            <html lang="es">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <base target="_blank">
            <title>\(escaped(row.title))</title>
            <style>
            :root { color-scheme: light dark; }
            body { font: 17px/1.5 -apple-system, system-ui, sans-serif; margin: 16px; overflow-wrap: anywhere; }
            img, svg, video, iframe { max-width: 100%; height: auto; }
            pre { overflow-x: auto; padding: 12px; border-radius: 8px; background: rgba(127,127,127,.15); }
            .byline { color: GrayText; font-size: 15px; }
            </style>
            </head>
            <body>
            <h1>\(escaped(row.title))</h1>
            <p class="byline">\(escaped(byline))</p>
            <article>
            \(article.content)
            </article>
            </body>
            </html>
            """
    }

    /// `text` safe to put in an element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
