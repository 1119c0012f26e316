import Foundation

/// The rules a classroom name follows, so that the teacher can tell every student apart on the
/// projector and nobody can pass for somebody else.
///
/// A name is made canonical (NFC), trimmed, its inner runs of spaces made one; then refused when
/// it holds control characters, invisible characters (Unicode's default-ignorable code points
/// and blank-looking ones such as U+2800), no letter or digit at all, more than two combining
/// marks on one letter, more than `maxCharacters` characters (grapheme clusters, what a reader
/// counts) or more than `maxBytes` bytes of UTF-8. Emoji stay allowed, with their joiners (ZWJ),
/// variation selectors and tags inside the emoji.
///
/// Format, private-use and unassigned characters are refused, and so is a character the
/// projector cannot draw (`ProjectorGlyphs`).
///
/// Two names are the same name (`same`) when they are equal with case, width and accents aside,
/// or when their `skeleton`s are: compatibility forms made plain (NFKC), then letters that look
/// alike across Latin, Greek, Cyrillic and Cherokee, small capitals and slashed O taken as one
/// (`Confusables`), as Unicode's UTS #39 describes.
public enum PlayerName {
    /// The longest name kept, in characters.
    public static let maxCharacters = 24
    /// The longest name kept, in bytes of UTF-8 (a name of letters takes at most 24 × 4 = 96;
    /// the rest is room for a few emoji, a family of four taking 25).
    public static let maxBytes = 200
    /// The most combining marks one letter may carry.
    public static let maxMarksPerCharacter = 2

    /// `name` made canonical, or the reason (in Spanish) it is refused.
    public static func normalized(_ name: String) throws(ModelError) -> String {
        guard !name.unicodeScalars.contains(where: isControl) else {
            throw .invalid("El nombre no puede llevar caracteres de control.")
        }
        let joined = name.precomposedStringWithCanonicalMapping
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !joined.isEmpty else { throw .invalid("Escribe tu nombre para unirte a la clase.") }
        guard !joined.contains(where: hasInvisibleScalar) else {
            throw .invalid("El nombre no puede llevar caracteres invisibles.")
        }
        guard !joined.unicodeScalars.contains(where: isUnshown) else {
            throw .invalid("El nombre no puede llevar caracteres invisibles, privados o sin asignar.")
        }
        guard joined.unicodeScalars.allSatisfy(ProjectorGlyphs.draws) else {
            throw .invalid("El proyector no puede dibujar algún carácter de ese nombre: escríbelo con letras más comunes.")
        }
        guard joined.unicodeScalars.contains(where: isLetterOrDigit) else {
            throw .invalid("El nombre necesita al menos una letra o un número.")
        }
        guard !joined.contains(where: { marks(in: $0) > maxMarksPerCharacter }) else {
            throw .invalid("El nombre lleva demasiados acentos o signos sobre una misma letra.")
        }
        guard joined.count <= maxCharacters, joined.utf8.count <= maxBytes else {
            throw .invalid("El nombre puede tener como mucho \(maxCharacters) caracteres.")
        }
        return joined
    }

    /// Whether `a` and `b` are the same name to a reader: equal without case, width or accents,
    /// or with the same `skeleton`.
    public static func same(_ a: String, _ b: String) -> Bool {
        Keys(a).matches(Keys(b))
    }

    /// What `same` compares of a name, worked out once: two names are the same when either key
    /// is equal. A room keeps its players' keys, so a join looks its name up instead of folding
    /// every player's name again.
    struct Keys: Hashable, Sendable {
        /// The name without case, width or accents.
        let plain: String
        /// Its `skeleton`, the same way.
        let skeleton: String

        init(_ name: String) {
            plain = PlayerName.folded(name)
            skeleton = PlayerName.folded(PlayerName.skeleton(name))
        }

        func matches(_ other: Keys) -> Bool {
            plain == other.plain || skeleton == other.skeleton
        }
    }

    /// `name` with every look-alike letter replaced by the one it passes for (`Аna`, with a
    /// Cyrillic А, gives `Ana`; `Ιnés`, with a Greek Ι, gives `lnés`, as does `Inés`), after its
    /// compatibility forms are made plain (NFKC: `𝐀𝐧𝐚` and `ℙablo` give `Ana` and `Pablo`).
    public static func skeleton(_ name: String) -> String {
        var skeleton = String.UnicodeScalarView()
        let plain = name.precomposedStringWithCompatibilityMapping
        for scalar in plain.decomposedStringWithCanonicalMapping.unicodeScalars {
            if let prototype = Confusables.prototype(of: scalar) {
                skeleton.append(prototype)
            } else {
                skeleton.append(scalar)
            }
        }
        return String(skeleton)
    }

    private static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `scalar` shows nothing of its own or nothing agreed: a format character (outside
    /// an emoji's joiners, selectors and tags, which `hasInvisibleScalar` judges), a private-use,
    /// unassigned or surrogate code point.
    private static func isUnshown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format: !isEmojiJoiner(scalar.value)
        case .privateUse, .unassigned, .surrogate: true
        default: false
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            true
        default:
            false
        }
    }

    /// Whether `character` holds a scalar that shows nothing: a default-ignorable one (outside an
    /// emoji's own joiners, selectors and tags), or one of the blank-looking letters and symbols.
    private static func hasInvisibleScalar(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        let isEmoji = scalars.first.map {
            $0.properties.isEmojiPresentation || ($0.properties.isEmoji && scalars.count > 1)
        } ?? false
        return scalars.contains { scalar in
            if blankLooking.contains(scalar.value) { return true }
            guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
            return !(isEmoji && isEmojiJoiner(scalar.value))
        }
    }

    /// Scalars that draw nothing but are neither spaces nor default-ignorable.
    private static let blankLooking: Set<UInt32> = [0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160, 0x2062, 0x2063, 0x2064]
    /// Whether `value` is what emoji sequences are made with: ZWJ, a variation selector, a tag.
    private static func isEmojiJoiner(_ value: UInt32) -> Bool {
        value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0xE0020...0xE007F).contains(value)
    }

    /// The combining marks `character` carries once decomposed (`ệ` carries two).
    private static func marks(in character: Character) -> Int {
        String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }.count
    }
}
