/// Text made safe to put in HTML or XML (the news article page, the SVG of a QR code, what a
/// page's server-side include echoes): in an element or a quoted attribute.
public enum MarkupText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
