import Foundation
import MarkupText

/// HTML as the plain text a question shows (unlike `Models`' `HTMLText.plainText`, its lines kept): tags dropped (with what `<script>` and `<style>`
/// hold), entities decoded, line breaks kept (`<br>`, two of them a blank line, and the ends of
/// paragraphs, divisions, list items, headings and table rows), other runs of spaces made one, and the `src` of each
/// `<img>` kept apart. Nothing of the HTML survives as markup: the result is only ever text.
struct QuestionHTML {
    /// The text.
    var text: String
    /// The `src` of every image, in order.
    var images: [String]

    private static let breaking: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "blockquote", "pre",
    ]

    /// `html` as text.
    init(html: String) {
        var lines: [String] = []
        var line = ""
        var pendingSpace = false
        var images: [String] = []
        let scalars = Array(html.unicodeScalars)
        var at = 0
        // A `<br>` always ends a line (two make a blank one); a block's edge only a line with text.
        func endLine(always: Bool = true) {
            if always || !line.isEmpty { lines.append(line) }
            line = ""
            pendingSpace = false
        }
        var preformatted = 0
        func appendText(_ text: String) {
            for scalar in text.unicodeScalars {
                if preformatted > 0, scalar == "\n" {
                    endLine()  // A `<pre>` keeps its line ends.
                } else if scalar.properties.isWhitespace && scalar != "\u{A0}" && !ImportControlCharacters.isRefused(scalar) {
                    pendingSpace = !line.isEmpty
                } else {
                    if pendingSpace { line += " " }
                    pendingSpace = false
                    line.unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
                }
            }
        }
        while at < scalars.count {
            let scalar = scalars[at]
            if scalar == "<", let tag = Self.tag(in: scalars, at: at) {
                at = tag.end
                if tag.name == "img", let source = tag.source { images.append(source) }
                if tag.name == "pre" { preformatted = max(0, preformatted + (tag.closing ? -1 : 1)) }
                if Self.breaking.contains(tag.name) && (tag.name == "br" || tag.closing || tag.name == "p" || tag.name == "li") {
                    endLine(always: tag.name == "br")
                }
                if !tag.closing, tag.name == "script" || tag.name == "style" {
                    at = Self.end(of: tag.name, in: scalars, from: at)
                }
            } else if scalar == "&" {
                var end = at + 1
                while end < scalars.count, end - at <= 32, scalars[end] != ";", scalars[end] != "&", scalars[end] != "<" { end += 1 }
                var name = ""
                if end < scalars.count, scalars[end] == ";" { name.unicodeScalars.append(contentsOf: scalars[at + 1..<end]) }
                if let decoded = name.isEmpty ? nil : MarkupText.character(forReference: name[...]) {
                    appendText(String(decoded))
                    at = end + 1
                } else {
                    appendText("&")
                    at += 1
                }
            } else {
                appendText(String(scalar))
                at += 1
            }
        }
        endLine(always: false)
        var kept: [String] = []
        for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty || kept.last?.isEmpty == false {
            kept.append(line)
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        text = kept.joined(separator: "\n")
        self.images = images
    }

    private struct Tag {
        var name: String
        var closing: Bool
        var source: String?
        var end: Int
    }

    /// The tag (or comment, kept as an unnamed tag) starting at `start`, or nil when `<` does not start one.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> Tag? {
        var at = start + 1
        if at + 2 < scalars.count, scalars[at] == "!", scalars[at + 1] == "-", scalars[at + 2] == "-" {
            while at + 2 < scalars.count, !(scalars[at] == "-" && scalars[at + 1] == "-" && scalars[at + 2] == ">") { at += 1 }
            return Tag(name: "", closing: false, end: min(scalars.count, at + 3))
        }
        let closing = at < scalars.count && scalars[at] == "/"
        if closing { at += 1 }
        guard at < scalars.count, scalars[at].properties.isAlphabetic || scalars[at] == "!" else { return nil }
        var name = ""
        while at < scalars.count, scalars[at].properties.isAlphabetic || ("0"..."9").contains(scalars[at]) {
            name.unicodeScalars.append(scalars[at])
            at += 1
        }
        // The rest of the tag, quotes respected, up to its `>`.
        var attributes = ""
        var quote: Unicode.Scalar?
        while at < scalars.count {
            let scalar = scalars[at]
            at += 1
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                break
            }
            attributes.unicodeScalars.append(scalar)
        }
        let lowered = name.lowercased()
        return Tag(name: lowered, closing: closing, source: lowered == "img" ? attribute("src", in: attributes) : nil, end: at)
    }

    /// The value of attribute `name` in a tag's attribute text, entities decoded.
    private static func attribute(_ name: String, in attributes: String) -> String? {
        let pattern = /(?i)(?:^|\s)src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/
        guard name == "src", let match = attributes.firstMatch(of: pattern) else { return nil }
        let raw = String(match.output.1 ?? match.output.2 ?? match.output.3 ?? "")
        return QuestionHTML(html: raw).text
    }

    /// Where the content of `<name>` that starts at `from` ends (past its closing tag).
    private static func end(of name: String, in scalars: [Unicode.Scalar], from: Int) -> Int {
        let closing = Array("</\(name)".unicodeScalars)
        var at = from
        while at + closing.count <= scalars.count {
            if zip(scalars[at..<at + closing.count], closing).allSatisfy({ $0.properties.lowercaseMapping == $1.properties.lowercaseMapping }) {
                while at < scalars.count, scalars[at] != ">" { at += 1 }
                return min(scalars.count, at + 1)
            }
            at += 1
        }
        return scalars.count
    }
}
