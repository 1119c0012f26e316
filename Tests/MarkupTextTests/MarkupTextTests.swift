import MarkupText
import Testing

/// The one escaping of text for HTML and XML.
@Suite struct MarkupTextTests {
    @Test func theFiveSpecialCharactersBecomeEntitiesAndTheRestStays() {
        #expect(MarkupText.escaped(#"a&b<c>"d'"#) == "a&amp;b&lt;c&gt;&quot;d&apos;")
        #expect(MarkupText.escaped("Código QR: ¿qué tal? 🙂") == "Código QR: ¿qué tal? 🙂")
        #expect(MarkupText.escaped("&amp;") == "&amp;amp;", "escaped once more: it never guesses")
        #expect(MarkupText.escaped("") == "")
    }
}
