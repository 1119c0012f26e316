/// What the projector can draw: a name shows there for the whole class, so a character its fonts
/// have no glyph for (a box, or nothing) would make two names look the same or a name look empty.
///
/// "Can draw" is decided here, in a way a test can check, as the scripts and symbols that the
/// fonts every projector's system ships with cover (Windows 10 and later, macOS 12 and later,
/// ChromeOS, Android and Linux with Noto): a character is drawable when Unicode assigned it by
/// version `newestVersion` (emoji newer than that are missing from the emoji fonts of systems
/// still in use) and it lies in one of the `blocks` below: the Latin, Greek, Cyrillic, Armenian,
/// Georgian, Hebrew and Arabic alphabets, the Indic scripts, Thai, Lao, Ethiopic, Cherokee,
/// Hangul, kana, CJK ideographs, the common punctuation and symbols, mathematical letters, and
/// emoji. Anything else (historic
/// scripts such as Linear B or hieroglyphs, Tifinagh, musical notation…) is refused.
enum ProjectorGlyphs {
    /// The newest Unicode version whose characters are drawn (Unicode 14.0, September 2021).
    static let newestVersion = (major: 14, minor: 0)

    /// Whether the projector draws `scalar`.
    static func draws(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age,
              (age.major, age.minor) <= newestVersion
        else { return false }
        return blocks.contains { $0.contains(scalar.value) }
    }

    /// The blocks of the scripts and symbols drawn.
    private static let blocks: [ClosedRange<UInt32>] = [
        0x0020...0x036F,  // Latin, IPA, spacing modifiers, combining diacritics
        0x0370...0x052F,  // Greek and Coptic, Cyrillic and its supplement
        0x0530...0x06FF,  // Armenian, Hebrew, Arabic
        0x0750...0x077F,  // Arabic supplement
        0x0900...0x0DFF,  // Devanagari to Sinhala (the Indic scripts)
        0x0E00...0x0EFF,  // Thai, Lao
        0x10A0...0x11FF,  // Georgian, Hangul Jamo
        0x1200...0x137F,  // Ethiopic
        0x13A0...0x13FF,  // Cherokee
        0x1D00...0x1DBF,  // phonetic extensions (small capitals)
        0x1E00...0x1FFF,  // Latin Extended Additional (Vietnamese), Greek Extended
        0x2000...0x2BFF,  // punctuation, super- and subscripts, currency, letterlike, arrows, symbols
        0x2E80...0x9FFF,  // CJK radicals and punctuation, kana, Hangul compatibility, ideographs
        0xA720...0xA7FF,  // Latin Extended-D
        0xAC00...0xD7AF,  // Hangul syllables
        0xFE00...0xFE0F,  // variation selectors (emoji)
        0xFF00...0xFFEF,  // half- and full-width forms
        0x1D400...0x1D7FF,  // mathematical letters and digits (bold, double-struck…)
        0x1F000...0x1FAFF,  // emoji and pictographs
        0xE0020...0xE007F,  // tags (flags of regions)
    ]
}
