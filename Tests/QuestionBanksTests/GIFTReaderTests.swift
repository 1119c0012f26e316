import Foundation
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("GIFTReader: Moodle's GIFT syntax into a set's questions")
struct GIFTReaderTests {
    /// The reading of `text` as an import of the whole pipeline would see it.
    private func read(_ text: String) throws -> SetImport.Prepared {
        try SetImport.read(Data(text.utf8), title: "", format: .gift)
    }

    private static let bank = ##"""
        // Un banco escrito para Adivina con toda la sintaxis de GIFT.
        $CATEGORY: $course$/top/Álgebra//Geometría

        ::Capital::¿Cuál es la capital de Francia? {=París ~Lyon ~Marsella #No, es París. ####París es la capital desde el siglo X.}

        ::Primos::¿Qué números son primos?{
          ~%50%Dos
          ~%50%Tres
          ~%-100%Cuatro
        }

        ::Sol::El Sol es una estrella.{T}

        La Tierra es plana. {FALSE#Sí lo es#No: es casi una esfera.}

        ::Nombre::¿Quién escribió el Quijote?{=Cervantes =Miguel de Cervantes =%50%Miguel}

        ::Pi::¿Cuánto vale pi con dos decimales?{#3.14:0.005}

        ::Rango::Un número entre 1 y 5.{#1..5}

        ::Exacto::¿Cuántos lados tiene un cuadrado?{#4}

        Moodle cuesta {~mucho =nada ~poco} usarlo.

        ::Escapes::Escribe \{llaves\}, \~virgulilla\~, \=igual\= y \#almohadilla\#: \\barra.\nSegunda línea.{=a\:b}

        ::Empareja::Une cada país con su capital. {=España -> Madrid =Francia -> París}

        ::Ensayo::Escribe sobre tu verano.{}

        [html]<p>¿Qué <b>figura</b> es esta?</p><img src="https://ejemplo.es/triangulo.png">{=triángulo}

        [markdown]¿Cuánto es **2 + 2**?{
          =cuatro
          =4
        }

        ::Parcial::Elige la buena.{=Buena ~%25%Casi ~Mala}

        ::Comodín::Di un animal que empiece por g.{=gato =g*}

        ::Mates::¿Cuánto es $$\\frac\{1\}\{2\}$$ en decimal?{=0.5 =0,5}

        Solo una descripción, sin respuestas.
        """##

    @Test func everyKindAndTheTitleFromTheCategory() throws {
        let imported = try read(Self.bank)
        #expect(imported.set.title == "Álgebra/Geometría", "the category's last part, `//` a slash within a name")
        let quizzes = imported.set.quizzes
        let byQuestion = Dictionary(quizzes.map { ($0.question, $0) }, uniquingKeysWith: { first, _ in first })
        let capital = try #require(byQuestion["¿Cuál es la capital de Francia?"])
        #expect(capital.answer == .choice([
            .init(text: "París", right: true), .init(text: "Lyon", right: false), .init(text: "Marsella", right: false, feedback: "No, es París."),
        ]), "each option keeps its own feedback")
        #expect(capital.feedback == "París es la capital desde el siglo X.", "the general feedback")
        #expect(capital.name == "Capital" && capital.category == "$course$/top/Álgebra//Geometría" && !capital.multiple)
        #expect(byQuestion["¿Qué números son primos?"]?.multiple == true, "no `=`: Moodle's multiple")
        #expect(byQuestion["¿Qué números son primos?"]?.answer == .choice([
            .init(text: "Dos", right: true), .init(text: "Tres", right: true), .init(text: "Cuatro", right: false),
        ]))
        #expect(byQuestion["El Sol es una estrella."]?.answer == .truefalse(true))
        let flat = try #require(byQuestion["La Tierra es plana."])
        #expect(flat.answer == .truefalse(false) && flat.feedback == "No: es casi una esfera.", "the right answer's feedback")
        #expect(byQuestion["¿Quién escribió el Quijote?"]?.answer == .text(answer: "Cervantes", alternatives: ["Miguel de Cervantes"]))
        #expect(byQuestion["¿Cuánto vale pi con dos decimales?"]?.answer == .number(value: 3.14, tolerance: 0.005))
        #expect(byQuestion["Un número entre 1 y 5."]?.answer == .number(value: 3, tolerance: 2))
        #expect(byQuestion["¿Cuántos lados tiene un cuadrado?"]?.answer == .number(value: 4, tolerance: 0))
        #expect(byQuestion["Moodle cuesta _____ usarlo."]?.answer == .choice([
            .init(text: "mucho", right: false), .init(text: "nada", right: true), .init(text: "poco", right: false),
        ]))
        #expect(byQuestion["Escribe {llaves}, ~virgulilla~, =igual= y #almohadilla#: \\barra.\nSegunda línea."]?.answer
            == .text(answer: "a:b", alternatives: []))
        let figure = try #require(byQuestion["¿Qué figura es esta?"])
        #expect(figure.image == nil && figure.answer == .text(answer: "triángulo", alternatives: []), "an image on another site is dropped (issue 36)")
        let markdown = try #require(byQuestion["¿Cuánto es **2 + 2**?"], "a Markdown question keeps its marks, for the pages to draw")
        #expect(markdown.markdown && markdown.answer == .text(answer: "cuatro", alternatives: ["4"]), "multi-line answers")
        #expect(byQuestion.values.filter(\.markdown).count == 1, "only the [markdown] question is Markdown")
        #expect(byQuestion["Elige la buena."]?.answer == .choice([
            .init(text: "Buena", right: true), .init(text: "Casi", right: false), .init(text: "Mala", right: false),
        ]))
        #expect(byQuestion["Di un animal que empiece por g."]?.answer == .text(answer: "gato", alternatives: []))
        #expect(byQuestion["¿Cuánto es $$\\frac{1}{2}$$ en decimal?"]?.answer == .text(answer: "0.5", alternatives: ["0,5"]),
                "TeX's backslashes and braces escaped in GIFT come out as TeX")
        #expect(quizzes.count == 15)
    }

    @Test func whatIsSkippedOrChangedIsNoted() throws {
        let imported = try read(Self.bank)
        #expect(imported.skipped == 3)
        let notes = Dictionary(grouping: imported.notes, by: \.name).mapValues { $0.map(\.reason) }
        #expect(notes["Empareja"] == ["es una pregunta de emparejar: no se puede jugar"])
        #expect(notes["Ensayo"] == ["es una pregunta de ensayo (respuesta libre larga): no se puede jugar"])
        #expect(notes["Solo una descripción, sin respuestas."] == ["es una descripción, sin respuestas: no se puede jugar"])
        #expect(notes["Nombre"] == ["se han quitado las respuestas con crédito parcial"])
        #expect(notes["Parcial"] == ["se ha quitado el crédito parcial: solo las opciones del 100 % cuentan como correctas"])
        #expect(notes["¿Cuánto es 2 + 2?"] == nil, "its answers have no marks to lose (named without its marks)")
        #expect(notes["Comodín"] == ["se han quitado las respuestas con el comodín «*», que aquí no se admite"])
        #expect(notes["Capital"] == nil)
    }

    /// Markdown in the answers and feedback of a `[markdown]` question is kept as text, and the
    /// import says so; the question keeps its own.
    @Test func markdownAnswersBecomeTextWithANote() throws {
        let imported = try read("::Formato::[markdown]Elige la **buena**:{=*Esta* #_Bien_ ~`Aquella`}")
        let quiz = try #require(imported.set.quizzes.first)
        #expect(quiz.question == "Elige la **buena**:" && quiz.markdown)
        #expect(quiz.answer == .choice([.init(text: "Esta", right: true, feedback: "Bien"), .init(text: "Aquella", right: false)]))
        #expect(imported.notes.map(\.reason) == [ImportDifferences.markdown])
    }

    @Test func windowsLineEndsAndAByteOrderMarkReadTheSame() throws {
        let windows = Data([0xEF, 0xBB, 0xBF]) + Data(Self.bank.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let imported = try SetImport.read(windows, title: "", format: nil)
        #expect(imported.set == (try read(Self.bank)).set)
    }

    /// The first category names the set, as in Moodle XML, whatever categories follow it.
    @Test func theFirstCategoryNamesTheSet() throws {
        let imported = try read("$CATEGORY: $course$/top/Tema 1\n\n¿Uno?{=1}\n\n$CATEGORY: $course$/top/Tema 2\n\n¿Dos?{=2}")
        #expect(imported.set.title == "Tema 1")
        #expect(imported.set.quizzes.map(\.category) == ["$course$/top/Tema 1", "$course$/top/Tema 2"])
    }

    @Test func theTitleGivenWinsOverTheCategory() throws {
        let imported = try SetImport.read(Data(Self.bank.utf8), title: " Mi tema ", format: .gift)
        #expect(imported.set.title == "Mi tema")
    }

    @Test func anUnclosedAnswerBlockIsSkippedWithItsReason() throws {
        let imported = try read("::Roto::¿Dos más dos? {=4\n\n::Bien::¿Tres?{=3}")
        #expect(imported.set.quizzes.map(\.question) == ["¿Tres?"])
        #expect(imported.notes == [ImportNote(name: "Roto", reason: "a sus respuestas les falta la llave de cierre «}»")])
    }

    /// What Moodle reads differently is read as Moodle does, and what is lost said in a note.
    @Test func whatDiffersFromMoodleIsNoted() throws {
        let imported = try read("""
            ::Tercio::¿Cuál?{~%33%a ~%67%b ~c}

            ::Cero::¿Índice del primero?{#0}

            ::Varios::¿Pares?{~%50%2 ~%50%4 ~%-50%3}

            ::Verdad::¿Sí?{T#No.#Sí.}
            """)
        let notes = Dictionary(grouping: imported.notes, by: \.name).mapValues { $0.map(\.reason) }
        #expect(notes["Tercio"] == [ImportDifferences.weights, "Moodle rechazaría esta pregunta: el peso 33 % no está en su lista de notas"])
        #expect(notes["Cero"] == [ImportDifferences.zero])
        #expect(notes["Varios"] == [ImportDifferences.weights])
        #expect(notes["Verdad"] == [ImportDifferences.answerFeedback])
        #expect(imported.set.quizzes.map(\.multiple) == [true, false, true, false])
    }

    @Test func escapesAreUndoneAndOthersKept() {
        #expect(GIFTText.unescaped(Array(##"a\~b\=c\#d\{e\}f\:g\\h\ni\(j\)"##)) == "a~b=c#d{e}f:g\\h\ni\\(j\\)")
        #expect(GIFTText.escaped("a~b=c#d{e}f:g\\h\ni") == ##"a\~b\=c\#d\{e\}f\:g\\h\ni"##)
        #expect(GIFTText.find("{", in: Array(##"a\{b{c"##)) == 4)
    }
}
