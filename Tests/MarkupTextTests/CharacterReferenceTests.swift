import MarkupText
import Testing

/// Character references read back, the one table the news reader and the question banks share.
@Suite struct CharacterReferenceTests {
    @Test func decimalHexadecimalAndNamedReferencesAreRead() {
        #expect(MarkupText.character(forReference: "#8217") == "’")
        #expect(MarkupText.character(forReference: "#x2019") == "’")
        #expect(MarkupText.character(forReference: "#X41") == "A")
        #expect(MarkupText.character(forReference: "amp") == "&")
        #expect(MarkupText.character(forReference: "ntilde") == "ñ")
        #expect(MarkupText.character(forReference: "nbsp") == "\u{00A0}")
    }

    @Test func anUnknownOrInvalidReferenceIsNothing() {
        #expect(MarkupText.character(forReference: "nosuch") == nil)
        #expect(MarkupText.character(forReference: "#0") == nil, "NUL is no character")
        #expect(MarkupText.character(forReference: "#xD800") == nil, "a surrogate is no scalar")
        #expect(MarkupText.character(forReference: "#12a") == nil)
        #expect(MarkupText.character(forReference: "AMP") == nil, "names are case-sensitive")
    }
}
