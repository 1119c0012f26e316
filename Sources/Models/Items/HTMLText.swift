import Foundation

/// Turning the HTML snippets of WordPress (titles, excerpts, category names) into plain text
/// for display: character references decoded, tags removed, white space collapsed.
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

    /// The text of an HTML fragment: tags (and the contents of `script` and `style`) removed,
    /// references decoded, runs of white space made one space, trimmed.
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            text += " "
            let tag = rest[open...]
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
        let decoded = decodingEntities(text)
        return decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func startsElement(_ tag: Substring, named name: String) -> Bool {
        let afterName = tag.dropFirst(1 + name.count)
        guard tag.dropFirst().prefix(name.count).lowercased() == name else { return false }
        return afterName.first.map { $0 == ">" || $0.isWhitespace || $0 == "/" } ?? false
    }

    private static func character(for reference: Substring) -> Character? {
        if reference.hasPrefix("#") {
            let digits = reference.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
        return namedEntities[String(reference)]
    }

    /// The named references WordPress's `wptexturize` and editors produce, and common Latin ones.
    private static let namedEntities: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›",
        "prime": "′", "Prime": "″", "bull": "•", "middot": "·", "times": "×", "divide": "÷",
        "copy": "©", "reg": "®", "trade": "™", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "deg": "°", "plusmn": "±", "para": "¶", "sect": "§", "iexcl": "¡", "iquest": "¿", "ordf": "ª",
        "ordm": "º", "shy": "\u{00AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": "\u{2009}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "uuml": "ü",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Ntilde": "Ñ", "Uuml": "Ü",
        "agrave": "à", "egrave": "è", "igrave": "ì", "ograve": "ò", "ugrave": "ù", "ccedil": "ç", "Ccedil": "Ç",
        "auml": "ä", "euml": "ë", "iuml": "ï", "ouml": "ö", "acirc": "â", "ecirc": "ê", "icirc": "î",
        "ocirc": "ô", "ucirc": "û", "atilde": "ã", "otilde": "õ", "szlig": "ß",
    ]
}
