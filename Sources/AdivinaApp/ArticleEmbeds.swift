import Foundation
import MarkupText
import Models

/// Turns what an article embeds but its sandbox blocks (`<iframe>` players, `<video>`) into a
/// card that opens the original in a new tab: "Ver el vídeo en YouTube" for a YouTube player
/// (its `embed/ID` address made the `watch?v=ID` page), Vimeo likewise, "Abrir el contenido
/// insertado (host)" for anything else. The article's CSP (`default-src 'none'`) stays as
/// strict as it is: nothing is loaded from the frame, only linked.
enum ArticleEmbeds {
    /// `html` with every `iframe` and `video` element replaced by a card (or removed, when it
    /// names no http(s) address).
    static func cards(in html: String) -> String {
        var result = ""
        var rest = html[...]
        while let open = rest.range(of: #"<(iframe|video)\b"#, options: [.regularExpression, .caseInsensitive]) {
            result += rest[..<open.lowerBound]
            let name = rest[open].dropFirst().lowercased()
            let element = rest[open.lowerBound...]
            let end = element.range(of: "</\(name)>", options: .caseInsensitive)?.upperBound
                ?? element.range(of: ">")?.upperBound ?? element.endIndex
            result += card(for: element[..<end], isVideo: name == "video")
            rest = element[end...]
        }
        return result + rest
    }

    /// The card for one element (`<iframe …></iframe>`), or "" if it links nowhere.
    static func card(for element: Substring, isVideo: Bool) -> String {
        guard let source = firstSource(in: element) else { return "" }
        let (target, label) = destination(of: source, isVideo: isVideo)
        return """
            <a class="embed-card" href="\(MarkupText.escaped(target.absoluteString))" rel="noopener noreferrer">\
            <span class="embed-play" aria-hidden="true">▶</span><span class="embed-text">\
            <strong>\(MarkupText.escaped(label))</strong>\
            <span class="embed-host">\(MarkupText.escaped(target.host ?? ""))</span></span></a>
            """
    }

    /// The first `src` attribute in the element (its own or a `<source>`'s) that is an http(s) address.
    private static func firstSource(in element: Substring) -> URL? {
        var rest = element
        let pattern = #"\bsrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)"#
        while let match = rest.range(of: pattern, options: [.regularExpression, .caseInsensitive]) {
            var value = rest[match].drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)
            if let quote = value.first, quote == "\"" || quote == "'" { value = String(value.dropFirst().dropLast()) }
            value = HTMLText.decodingEntities(value).trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasPrefix("//") { value = "https:" + value }
            if let url = URL(string: value), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
               url.host != nil
            {
                return url
            }
            rest = rest[match.upperBound...]
        }
        return nil
    }

    /// Where the card goes and what it says.
    static func destination(of source: URL, isVideo: Bool) -> (URL, String) {
        let host = (source.host ?? "").lowercased()
        let parts = source.path.split(separator: "/").map(String.init)
        if host.hasSuffix("youtube.com") || host.hasSuffix("youtube-nocookie.com"), parts.count >= 2, parts[0] == "embed",
           let watch = URL(string: "https://www.youtube.com/watch?v=\(QueryEncoding.escape(parts[1]))")
        {
            return (watch, "Ver el vídeo en YouTube")
        }
        if host == "player.vimeo.com", parts.count >= 2, parts[0] == "video",
           let page = URL(string: "https://vimeo.com/\(QueryEncoding.escape(parts[1]))")
        {
            return (page, "Ver el vídeo en Vimeo")
        }
        return (source, isVideo ? "Ver el vídeo" : "Abrir el contenido insertado")
    }
}
