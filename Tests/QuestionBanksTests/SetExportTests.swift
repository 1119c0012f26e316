import Foundation
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("GIFTWriter and MoodleXMLWriter: a set for Moodle that reads back as the same set")
struct SetExportTests {
    /// One question of each kind, with what is hard to carry: GIFT's special characters, markup
    /// characters, line breaks, TeX and feedback (images: `anUploadedImageTravels…`; an image on
    /// another site is refused since issue 36).
    static let set = QuizSet(title: "Física / Química", quizzes: [
        SetQuiz(question: "¿Capital de {Francia}?\nEscribe: ~una~ #palabra = 1 \\ fin", answer: "París", alternatives: ["Paris", "a<b & c>d"],
                feedback: "Es «París».\nDesde hace siglos."),
        SetQuiz(question: "¿Color del cielo?", answer: .choice([.init(text: "Azul", right: true), .init(text: "Verde = no", right: false), .init(text: "Rojo", right: false)])),
        SetQuiz(question: "¿Primos?", answer: .choice([.init(text: "2", right: true), .init(text: "3", right: true), .init(text: "4", right: false), .init(text: "5", right: true)])),
        .trueOrFalse("El Sol es una estrella.", true),
        .trueOrFalse("La Tierra es plana.", false),
        SetQuiz(question: "¿Cuánto vale $$\\frac{1}{2}$$ con margen?", answer: .number(value: 0.5, tolerance: 0.01), feedback: "Un medio."),
        .number("¿Lados de un cuadrado?", value: 4),
        .number("¿Temperatura?", value: -12.75, tolerance: 0.25),
        .poll("¿Qué prefieres?", options: ["Té", "Café", "Agua"]),
    ])

    @Test(arguments: [SetImportFormat.gift, .moodleXML])
    func eachKindGoesOutAndComesBackTheSame(format: SetImportFormat) throws {
        let text = format == .gift ? GIFTWriter.write(Self.set, imageBase: nil) : MoodleXMLWriter.write(Self.set, images: [:], imageBase: nil)
        let back = try SetImport.read(Data(text.utf8), title: "", format: nil)
        #expect(back.skipped == 0 && back.notes.isEmpty, "\(back.notes)")
        // Each question comes back with the name and the category the export gave it.
        var expected = try Self.set.validated()
        for index in expected.quizzes.indices {
            expected.quizzes[index].name = ImportDraft.name(of: expected.quizzes[index].question)
            expected.quizzes[index].category = MoodleCategory.path(expected.title)
        }
        #expect(back.set == expected)
        // Read again and written again, the file is the same: names and categories are kept.
        let again = format == .gift ? GIFTWriter.write(back.set, imageBase: nil) : MoodleXMLWriter.write(back.set, images: [:], imageBase: nil)
        #expect(again == text)
    }

    /// What Moodle would misread is escaped: a leading weight or format, a wildcard, line breaks
    /// in a name or a category; each option keeps its feedback and a choice its single or multiple.
    @Test(arguments: [SetImportFormat.gift, .moodleXML])
    func whatWouldChangeMeaningInMoodleIsEscaped(format: SetImportFormat) throws {
        var trap = SetQuiz(question: "¿Cuál?", answer: .choice([
            .init(text: "%100%trampa", right: false, feedback: "[html]<b>no</b>"), .init(text: "[html]<i>buena</i>", right: true, feedback: "Sí."),
            .init(text: "x -> y", right: false),
        ]), multiple: true)
        trap.name = "Nombre\n\n::Inyectada::¿?{=1}"
        trap.category = "$course$/top/Tema 1/Bucles"
        var glob = SetQuiz(question: "¿Patrón de los .py?", answer: "*.py", alternatives: ["todos los .py"])
        glob.category = "$course$/top/Tema 2"
        let set = QuizSet(title: "Trampas", quizzes: [trap, glob, SetQuiz(question: "¿Uno de dos?", answer: .choice([
            .init(text: "a", right: true), .init(text: "b", right: true),
        ]), multiple: false)])
        let text = format == .gift ? GIFTWriter.write(set, imageBase: nil) : MoodleXMLWriter.write(set, images: [:], imageBase: nil)
        let back = try SetImport.read(Data(text.utf8), title: "", format: nil)
        #expect(back.set.quizzes.count == 3 && back.notes.isEmpty, "\(back.notes)")
        var expected = try set.validated().quizzes
        expected[0].name = "Nombre ::Inyectada::¿?{=1}"
        expected[1].name = "¿Patrón de los .py?"
        expected[2].name = "¿Uno de dos?"
        expected[2].category = "$course$/top/Trampas"
        #expect(back.set.quizzes == expected)
    }

    /// A Markdown question goes out as Markdown and comes back with its marks and the flag; its
    /// options and feedback, plain text, come back as they were (no mark of theirs is read).
    @Test(arguments: [SetImportFormat.gift, .moodleXML])
    func aMarkdownQuestionComesBackAsMarkdown(format: SetImportFormat) throws {
        var quiz = SetQuiz(question: "¿Qué imprime `print(2 * 3)`?\n\n- **uno**\n- _dos_", answer: .choice([
            .init(text: "*6*", right: true, feedback: "_Bien_"), .init(text: "2 * 3", right: false),
        ]), feedback: "El `*` multiplica.")
        quiz.markdown = true
        let set = QuizSet(title: "Markdown", quizzes: [quiz])
        let text = format == .gift ? GIFTWriter.write(set, imageBase: nil) : MoodleXMLWriter.write(set, images: [:], imageBase: nil)
        let back = try SetImport.read(Data(text.utf8), title: "", format: nil)
        #expect(back.notes.isEmpty, "\(back.notes)")
        let read = try #require(back.set.quizzes.first)
        #expect(read.markdown && read.question == quiz.question && read.answer == quiz.answer && read.feedback == quiz.feedback)
        #expect(read.name == "¿Qué imprime print(2 * 3)? uno dos" || read.name?.hasPrefix("¿Qué imprime print(2 * 3)?") == true, "named by its words")
    }

    @Test func anUploadedImageTravelsInsideTheXMLAndComesBackAsAnUpload() throws {
        let upload = SetQuiz.uploadedImagePrefix + String(repeating: "0f", count: 16)
        let set = QuizSet(title: "Con imagen", quizzes: [SetQuiz(question: "¿Qué es?", answer: "un cielo", image: upload)])
        let image = try SetImage(bytes: MoodleXMLReaderTests.png)
        let xml = MoodleXMLWriter.write(set, imageBase: URL(string: "http://aula.local:8080/")) { name in
            name == String(upload.dropFirst(SetQuiz.uploadedImagePrefix.count)) ? image : nil
        }
        #expect(xml.contains(#"<img src="@@PLUGINFILE@@/imagen1.png" alt="">"#))
        #expect(xml.contains(#"<file name="imagen1.png" path="/" encoding="base64">\#(Data(image.bytes).base64EncodedString())</file>"#))
        let back = try SetImport.read(Data(xml.utf8), title: "", format: .moodleXML)
        let path = try #require(back.set.quizzes.first?.image)
        #expect(back.images[path]?.bytes == image.bytes)

        let gift = GIFTWriter.write(set, imageBase: URL(string: "http://aula.local:8080/"))
        let fromGIFT = try SetImport.read(Data(gift.utf8), title: "", format: .gift)
        #expect(fromGIFT.set.quizzes.first?.image == upload, "GIFT carries no files: the upload's address, taken back as the upload")
    }

    /// The children each type has in Moodle's own exports (qformat_xml), in order.
    private static let moodleShape: [String: [String]] = [
        "shortanswer": ["usecase", "answer"],
        "multichoice": [
            "single", "shuffleanswers", "answernumbering", "showstandardinstruction", "correctfeedback",
            "partiallycorrectfeedback", "incorrectfeedback", "answer",
        ],
        "truefalse": ["answer"],
        "numerical": ["answer", "unitgradingtype", "unitpenalty", "showunits", "unitsleft"],
    ]

    @Test func theXMLHasTheStructureOfMoodlesOwnExports() throws {
        let root = try XMLTree.parse(MoodleXMLWriter.write(Self.set, images: [:], imageBase: nil))
        #expect(root.name == "quiz")
        let questions = root.all("question")
        let category = try #require(questions.first)
        #expect(category.attributes["type"] == "category")
        #expect(category.first("category")?.first("text")?.text == "$course$/top/Física // Química")
        #expect(questions.dropFirst().map { $0.attributes["type"] ?? "" } == [
            "shortanswer", "multichoice", "multichoice", "truefalse", "truefalse", "numerical", "numerical", "numerical", "multichoice",
        ])
        for question in questions.dropFirst() {
            let type = question.attributes["type"] ?? ""
            let names = question.children.compactMap { if case .element(let element) = $0 { element.name } else { nil } }
            let common = ["name", "questiontext", "generalfeedback", "defaultgrade", "penalty", "hidden", "idnumber"]
            #expect(Array(names.prefix(common.count)) == common, "\(type)")
            var own: [String] = []
            for name in names.dropFirst(common.count) where own.last != name { own.append(name) }
            own.removeAll { $0 == "tags" }
            #expect(own == Self.moodleShape[type], "\(type)")
            #expect(question.first("questiontext")?.attributes["format"] == "html")
            for answer in question.all("answer") {
                #expect(Double(answer.attributes["fraction"] ?? "") != nil)
                #expect(answer.first("text") != nil && answer.first("feedback")?.first("text") != nil)
            }
        }
        let several = questions[3].all("answer").map { $0.attributes["fraction"] ?? "" }
        #expect(several == ["33.33333", "33.33333", "-100", "33.33333"], "weights Moodle's list of grades has")
        #expect(questions[6].first("answer")?.first("tolerance")?.text == "0.01")
    }

    @Test func theGIFTIsWhatMoodlesParserExpects() {
        let gift = GIFTWriter.write(Self.set, imageBase: nil)
        #expect(gift.contains("$CATEGORY: $course$/top/Física // Química\n"))
        #expect(gift.contains(##"::¿Capital de \{Francia\}?::[plain]¿Capital de \{Francia\}?\nEscribe\: \~una\~ \#palabra \= 1 \\ fin {"##))
        #expect(gift.contains("=París\n=Paris\n=a<b & c>d\n####Es «París».\\nDesde hace siglos.\n}"))
        #expect(gift.contains("~%33.33333%2\n~%33.33333%3\n~%-100%4\n~%33.33333%5\n}"))
        #expect(gift.contains("{\nTRUE\n}") && gift.contains("{\nFALSE\n}"))
        #expect(gift.contains("{\n#=0.5:0.01\n####Un medio.\n}") && gift.contains("{\n#=4\n}") && gift.contains("{\n#=-12.75:0.25\n}"))
        #expect(gift.contains("// Adivina: encuesta\n::¿Qué prefieres?::[plain]¿Qué prefieres? {\n~%33.33333%Té\n"))
    }
}
