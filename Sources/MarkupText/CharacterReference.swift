/// Character references read back: what `&…;` in HTML or XML stands for. The news reader's
/// `HTMLText` and the question banks' HTML and XML readers decode by this one table.
extension MarkupText {
    /// The character of reference `reference` (without `&` and `;`): decimal (`#8217`),
    /// hexadecimal (`#x2019`) or one of the named ones below; nil when unknown or invalid (0 or
    /// not a scalar).
    public static func character(forReference reference: Substring) -> Character? {
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
