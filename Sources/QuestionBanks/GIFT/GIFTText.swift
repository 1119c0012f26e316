import QuestionSets

/// GIFT's escapes: `\~ \= \# \{ \} \:` and `\\` stand for the character, `\n` for a line break;
/// any other backslash stays (TeX's `\frac`). Finding a delimiter skips escaped characters.
enum GIFTText {
    /// The characters a GIFT writer must escape.
    static let special: Set<Character> = ["~", "=", "#", "{", "}", ":", "\\"]

    /// Where `needle` first appears unescaped in `text` from `start`, or nil.
    static func find(_ needle: String, in text: [Character], from start: Int = 0) -> Int? {
        let pattern = Array(needle)
        var at = start
        while at + pattern.count <= text.count {
            if text[at] == "\\" {
                at += 2
                continue
            }
            if text[at..<at + pattern.count].elementsEqual(pattern) { return at }
            at += 1
        }
        return nil
    }

    /// The places where any of `characters` appears unescaped in `text`; nil when there are
    /// more than `limit` (counting stops there).
    static func positions(of characters: Set<Character>, in text: [Character], limit: Int) -> [Int]? {
        var found: [Int] = []
        var at = 0
        while at < text.count {
            if text[at] == "\\" {
                at += 2
                continue
            }
            if characters.contains(text[at]) {
                found.append(at)
                if found.count > limit { return nil }
            }
            at += 1
        }
        return found
    }

    /// The places where any of `characters` appears unescaped in `text`.
    static func positions(of characters: Set<Character>, in text: [Character]) -> [Int] {
        positions(of: characters, in: text, limit: .max) ?? []
    }

    /// `text` with its escapes undone.
    static func unescaped(_ text: some Collection<Character>) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                escaping = false
                if character == "n" {
                    result.append("\n")
                } else if special.contains(character) {
                    result.append(character)
                } else {
                    result.append("\\")
                    result.append(character)
                }
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// `text` with every special character escaped and line breaks written `\n`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                result += "\\n"
            } else {
                if special.contains(character) { result.append("\\") }
                result.append(character)
            }
        }
        return result
    }
}
