import Testing

@testable import Models

@Suite("HTMLText: character references and tags of WordPress titles and excerpts")
struct HTMLTextTests {
    @Test(arguments: [
        ("Swift 6 ya está aquí&#8230; y llega", "Swift 6 ya está aquí… y llega"),
        ("&#8216;Sendable&#8217; explicado", "‘Sendable’ explicado"),
        ("SwiftData &#038; relaciones", "SwiftData & relaciones"),
        ("&#x2019;hex&#X2014;", "’hex—"),
        ("Xcode &amp; herramientas", "Xcode & herramientas"),
        ("&ldquo;Liquid Glass&rdquo; &ndash; &mdash; &hellip; &laquo;a&raquo;", "“Liquid Glass” – — … «a»"),
        ("&lt;script&gt; &quot;x&quot; &apos;y&apos;", "<script> \"x\" 'y'"),
        ("a&nbsp;b", "a\u{00A0}b"),
        ("Cami&oacute;n &ntilde;and&uacute;", "Camión ñandú"),
    ])
    func decodesReferences(html: String, text: String) {
        #expect(HTMLText.decodingEntities(html) == text)
    }

    @Test(arguments: ["AT&T", "&unknown;", "&#;", "&#xZZ;", "&#0;", "&#99999999;", "a & b", "&amp", "&#38"])
    func leavesWhatIsNotAReferenceAlone(text: String) {
        #expect(HTMLText.decodingEntities(text) == text)
    }

    @Test func plainTextStripsTagsAndCollapsesSpace() {
        let excerpt = "<p>Las macros <em>generan</em> código\n en tiempo de compilación [&hellip;]</p>\n"
        #expect(HTMLText.plainText(fromHTML: excerpt) == "Las macros generan código en tiempo de compilación […]")
        #expect(HTMLText.plainText(fromHTML: "uno<br/>dos") == "uno dos")
        #expect(HTMLText.plainText(fromHTML: "  ") == "")
    }

    @Test func plainTextDropsScriptsAndStylesButKeepsEscapedTagsAsText() {
        let html = #"<p>Hola</p><script type="x">alert("<b>")</script><STYLE>p{}</STYLE><p>&lt;script&gt; es texto</p>"#
        #expect(HTMLText.plainText(fromHTML: html) == "Hola <script> es texto")
        #expect(HTMLText.plainText(fromHTML: "<scripted>sí</scripted>") == "sí")
        #expect(HTMLText.plainText(fromHTML: "sin cerrar <b") == "sin cerrar")
    }
}
