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

@Suite("HTMLText: text as a browser shows it")
struct HTMLTextAsABrowserShowsItTests {
    @Test(arguments: [
        ("Swift 6 > Swift 5 y 3 < 4: ¿qué cambia?", "Swift 6 > Swift 5 y 3 < 4: ¿qué cambia?"),
        ("c <= d, e <3 f, 1<2", "c <= d, e <3 f, 1<2"),
        ("Usa <code>@Observable</code>: guía", "Usa @Observable: guía"),
        ("Tom &amp; <em>Jerry</em>&#8217;s", "Tom & Jerry’s"),
        ("uno<p>dos</p>tres<br>cuatro", "uno dos tres cuatro"),
        ("  varias\n\t líneas\r\n  ", "varias líneas"),
        ("sin&nbsp;&nbsp;romper", "sin\u{00A0}\u{00A0}romper"),
        ("antes<!-- <b>nota</b> -->después", "antesdespués"),
        ("&lt;b&gt;no es etiqueta&lt;/b&gt;", "<b>no es etiqueta</b>"),
    ])
    func rendersLikeABrowser(html: String, text: String) {
        #expect(HTMLText.plainText(fromHTML: html) == text)
    }
}
