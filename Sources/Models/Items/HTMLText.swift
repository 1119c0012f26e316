import Foundation
import MarkupText

/// Turning the HTML snippets of WordPress (titles, excerpts, category names) into plain text
/// for display, the way a browser shows them: character references decoded, tags removed, white
/// space collapsed.
///
/// The result is text to be shown as text (`textContent`), never HTML to be interpreted.
public enum HTMLText {
    /// Decodes the character references: decimal (`&#8217;`), hexadecimal (`&#x2019;`) and the
    /// named ones WordPress emits (`&amp;`, `&hellip;`, `&nbsp;`, quotes, dashes, accented
    /// letters…). A reference that is unknown or invalid is left as it is.
    public static func decodingEntities(_ html: String) -> String {
        guard html.contains("&") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let limit = rest.index(afterAmpersand, offsetBy: 12, limitedBy: rest.endIndex) ?? rest.endIndex
            if let semicolon = rest[afterAmpersand..<limit].firstIndex(of: ";"),
               let decoded = character(for: rest[afterAmpersand..<semicolon])
            {
                result.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    /// The text of an HTML fragment as a browser shows it: tags removed (and the contents of
    /// `script` and `style`, and comments), references decoded, runs of ASCII white space made
    /// one space (a no-break space stays), trimmed.
    ///
    /// As in HTML's tokenizer, only `<` followed by a letter, `/`, `!` or `?` starts a tag: in
    /// `3 < 4` the `<` is text. Tags of elements that break a line (`p`, `br`, `li`…) leave a
    /// space; inline ones (`em`, `code`, `a`…) leave nothing, so `<code>x</code>:` reads `x:`.
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            let tag = rest[open...]
            let afterOpen = tag.dropFirst()
            guard let next = afterOpen.first, next.isASCIILetter || next == "/" || next == "!" || next == "?" else {
                text.append("<")
                rest = afterOpen
                continue
            }
            if afterOpen.hasPrefix("!--") {
                rest = tag.range(of: "-->").map { tag[$0.upperBound...] } ?? tag[tag.endIndex...]
                continue
            }
            let name = tagName(afterOpen)
            if breaksWords(name) { text += " " }
            if let hidden = ["script", "style"].first(where: { startsElement(tag, named: $0) }),
               let end = tag.range(of: "</\(hidden)", options: .caseInsensitive)
            {
                rest = tag[end.upperBound...]
                if let close = rest.firstIndex(of: ">") { rest = rest[rest.index(after: close)...] }
            } else if let close = tag.firstIndex(of: ">") {
                rest = tag[tag.index(after: close)...]
            } else {
                rest = tag[tag.endIndex...]
            }
        }
        text += rest
        return collapsingWhiteSpace(decodingEntities(text))
    }

    /// `text` with every run of ASCII white space (space, tab, line feed, form feed, carriage
    /// return: what a browser collapses) made one space, and none at either end.
    public static func collapsingWhiteSpace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The lowercased element name after `<` or `</` ("" for comments and declarations).
    private static func tagName(_ afterOpen: Substring) -> String {
        let start = afterOpen.first == "/" ? afterOpen.dropFirst() : afterOpen
        return String(start.prefix { $0.isASCIILetter || $0.isASCIIDigit }).lowercased()
    }

    /// Elements whose tags separate the words around them when rendered.
    private static func breaksWords(_ name: String) -> Bool {
        blockElements.contains(name)
    }

    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
        "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "script", "style",
    ]

    private static func startsElement(_ tag: Substring, named name: String) -> Bool {
        let afterName = tag.dropFirst(1 + name.count)
        guard tag.dropFirst().prefix(name.count).lowercased() == name else { return false }
        return afterName.first.map { $0 == ">" || $0.isWhitespace || $0 == "/" } ?? false
    }

    /// The character of reference `reference` (without `&` and `;`), or nil when unknown or
    /// invalid (`MarkupText.character(forReference:)`, which the question banks read by too).
    public static func character(for reference: Substring) -> Character? {
        MarkupText.character(forReference: reference)
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
