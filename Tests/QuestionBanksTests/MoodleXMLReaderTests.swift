import Foundation
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("MoodleXMLReader: a Moodle XML bank into a set's questions")
struct MoodleXMLReaderTests {
    /// A PNG's signature and a few bytes: what `SetImage` checks.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    static let bank = """
        <?xml version="1.0" encoding="UTF-8"?>
        <quiz>
        <!-- question: 0  -->
          <question type="category">
            <category>
              <text>$course$/top/Por defecto en Física/Óptica</text>
            </category>
            <info format="moodle_auto_format"><text></text></info>
          </question>
          <question type="multichoice">
            <name><text>Color</text></name>
            <questiontext format="html">
              <text><![CDATA[<p>¿De qué color es el cielo &amp; el mar?</p><p>Mira la <b>imagen</b>:<br/><img src="@@PLUGINFILE@@/cielo%20azul.png" alt="cielo"></p>]]></text>
              <file name="cielo azul.png" path="/" encoding="base64">\(Data(png).base64EncodedString())</file>
            </questiontext>
            <generalfeedback format="html"><text><![CDATA[<p>Por la dispersión de Rayleigh.</p>]]></text></generalfeedback>
            <defaultgrade>1.0000000</defaultgrade>
            <single>true</single>
            <answer fraction="100" format="html"><text><![CDATA[<p>Azul</p>]]></text><feedback format="html"><text></text></feedback></answer>
            <answer fraction="50" format="html"><text>Celeste</text></answer>
            <answer fraction="0" format="html"><text>Verde &amp;lt;claro&amp;gt;</text></answer>
          </question>
          <question type="multichoice">
            <name><text>Varias</text></name>
            <questiontext format="moodle_auto_format"><text>¿Qué son colores <b>primarios</b>?
        Elige todos.</text></questiontext>
            <single>false</single>
            <answer fraction="50"><text>Rojo</text></answer>
            <answer fraction="50"><text>Azul</text></answer>
            <answer fraction="-100"><text>Verde</text></answer>
          </question>
          <question type="truefalse">
            <name><text>Luz</text></name>
            <questiontext format="html"><text>La luz es una onda.</text></questiontext>
            <answer fraction="100" format="moodle_auto_format"><text>true</text></answer>
            <answer fraction="0" format="moodle_auto_format"><text>false</text></answer>
          </question>
          <question type="shortanswer">
            <name><text>Lente</text></name>
            <questiontext format="html"><text><![CDATA[Una lente que converge es…]]></text></questiontext>
            <usecase>0</usecase>
            <answer fraction="100" format="moodle_auto_format"><text>convergente</text></answer>
            <answer fraction="100" format="moodle_auto_format"><text>positiva</text></answer>
            <answer fraction="50" format="moodle_auto_format"><text>convexa</text></answer>
            <answer fraction="100" format="moodle_auto_format"><text>conv*</text></answer>
          </question>
          <question type="numerical">
            <name><text>Velocidad</text></name>
            <questiontext format="html"><text>Velocidad de la luz en km/s \\(c\\)</text></questiontext>
            <answer fraction="100" format="moodle_auto_format"><text>300000</text><tolerance>1000</tolerance></answer>
          </question>
          <question type="matching">
            <name><text>Parejas</text></name>
            <questiontext format="html"><text>Empareja.</text></questiontext>
          </question>
          <question type="essay">
            <name><text>Redacción</text></name>
            <questiontext format="html"><text>Explica la refracción.</text></questiontext>
          </question>
        </quiz>
        """

    @Test func everyPlayableTypeWithItsImageAndFeedback() throws {
        let imported = try SetImport.read(Data(Self.bank.utf8), title: "", format: nil)
        #expect(imported.set.title == "Óptica")
        let quizzes = imported.set.quizzes
        try #require(quizzes.count == 5)
        #expect(quizzes[0].question == "¿De qué color es el cielo & el mar?\nMira la imagen:")
        #expect(quizzes[0].answer == .choice([
            .init(text: "Azul", right: true), .init(text: "Celeste", right: false), .init(text: "Verde <claro>", right: false),
        ]))
        #expect(quizzes[0].feedback == "Por la dispersión de Rayleigh.")
        let image = try #require(quizzes[0].image)
        #expect(imported.images[image]?.bytes == Self.png && imported.images[image]?.mime == "image/png")
        #expect(quizzes[1].question == "¿Qué son colores primarios?\nElige todos.", "Moodle's auto-format: HTML, line ends kept")
        #expect(quizzes[1].answer == .choice([.init(text: "Rojo", right: true), .init(text: "Azul", right: true), .init(text: "Verde", right: false)]))
        #expect(quizzes[2].answer == .truefalse(true))
        #expect(quizzes[3].answer == .text(answer: "convergente", alternatives: ["positiva"]))
        #expect(quizzes[4].answer == .number(value: 300_000, tolerance: 1000))
        #expect(quizzes[4].question == "Velocidad de la luz en km/s \\(c\\)")

        #expect(imported.skipped == 2)
        #expect(imported.notes == [
            ImportNote(name: "Parejas", reason: "es una pregunta de emparejar: no se puede jugar"),
            ImportNote(name: "Redacción", reason: "es una pregunta de ensayo: no se puede jugar"),
            ImportNote(name: "Color", reason: "se ha quitado el crédito parcial: solo la opción del 100 % cuenta como correcta"),
            ImportNote(name: "Lente", reason: "se han quitado las respuestas con crédito parcial"),
            ImportNote(name: "Lente", reason: "se han quitado las respuestas con el comodín «*», que aquí no se admite"),
        ])
    }

    @Test func keptImagesReplaceTheirFileNames() throws {
        let imported = try SetImport.read(Data(Self.bank.utf8), title: "", format: .moodleXML)
        var kept: [SetImage] = []
        let set = try imported.set { (image: SetImage) throws(QuestionSetError) -> String in
            kept.append(image)
            return SetQuiz.uploadedImagePrefix + String(repeating: "ab", count: 16)
        }
        #expect(kept.map(\.bytes) == [Self.png])
        #expect(set.quizzes.first?.image == SetQuiz.uploadedImagePrefix + String(repeating: "ab", count: 16))
        #expect(try set.validated() == set)
    }

    @Test func anImageThatIsNotOneIsDroppedWithANoteTheQuestionKept() throws {
        let bank = Self.bank.replacingOccurrences(of: Data(Self.png).base64EncodedString(), with: Data("<script>".utf8).base64EncodedString())
        let imported = try SetImport.read(Data(bank.utf8), title: "", format: .moodleXML)
        #expect(imported.set.quizzes.first?.image == nil && imported.images.isEmpty)
        #expect(imported.notes.contains(ImportNote(name: "Color", reason: "se ha quitado su imagen: La imagen debe ser PNG, JPEG, GIF o WebP.")))
    }

    @Test func aDoctypeOrMalformedXMLIsRefusedClearly() {
        let bomb = """
            <?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><quiz>&b;</quiz>
            """
        #expect(throws: QuestionSetError.invalid("El fichero no es un XML de Moodle válido: tiene una declaración <!DOCTYPE o similar, que no se admite.")) {
            try SetImport.read(Data(bomb.utf8), title: "t", format: nil)
        }
        #expect(throws: QuestionSetError.invalid("El fichero no es un XML de Moodle válido: <quiz> se cierra con </quix>.")) {
            try SetImport.read(Data("<quiz></quix>".utf8), title: "t", format: nil)
        }
        #expect(throws: QuestionSetError.invalid("El fichero XML no es un banco de preguntas de Moodle (su raíz es <html>, no <quiz>).")) {
            try SetImport.read(Data("<html></html>".utf8), title: "t", format: nil)
        }
        #expect(throws: QuestionSetError.invalid("El fichero no es un XML de Moodle válido: la entidad &nbsp; no existe en XML.")) {
            try SetImport.read(Data("<quiz>&nbsp;</quiz>".utf8), title: "t", format: .moodleXML)
        }
    }

    @Test func aDeclaredLatin1BankIsReadAsLatin1() throws {
        let bank = #"<?xml version="1.0" encoding="ISO-8859-1"?><quiz><question type="truefalse"><questiontext><text>¿Está en español?</text></questiontext><answer fraction="100"><text>true</text></answer></question></quiz>"#
        let latin1 = try #require(bank.data(using: .isoLatin1))
        let imported = try SetImport.read(latin1, title: "t", format: nil)
        #expect(imported.set.quizzes.first?.question == "¿Está en español?")
    }

    @Test func aQuestionPastTheAnswersLimitIsRefusedByItsCount() throws {
        let options = (0...ImportDifferences.maxAnswers).map { "<answer fraction=\"0\"><text>o\($0)</text></answer>" }.joined()
        let xml = """
            <quiz><question type="multichoice"><name><text>Enorme</text></name><questiontext><text>¿Cuál?</text></questiontext>
            <answer fraction="100"><text>a</text></answer>\(options)</question>
            <question type="truefalse"><name><text>Bien</text></name><questiontext><text>¿Sí?</text></questiontext>
            <answer fraction="100"><text>true</text></answer></question></quiz>
            """
        let imported = try SetImport.read(Data(xml.utf8), title: "", format: .moodleXML)
        #expect(imported.set.quizzes.count == 1)
        #expect(imported.notes == [ImportNote(name: "Enorme", reason: "tiene más de \(ImportDifferences.maxAnswers) respuestas")])
    }
}
