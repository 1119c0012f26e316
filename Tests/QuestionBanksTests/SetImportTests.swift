import Foundation
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("SetImport: any bank into a new set, tolerant reading, limits and clear refusals")
struct SetImportTests {
    @Test func aQuizzesJSONFieldAdivinaDoesNotUseNeverCostsAQuestion() throws {
        let json = """
            [{"id":1,"question":"¿Uno?","answer":"1","favourite":"maybe","author":42,"extra":{"x":[1]}},
             {"id":2,"question":"¿Dos?","answer":2,"alternatives":["dos",3,null,{"a":1}]},
             {"id":3,"question":"¿Imagen?","answer":"3","attachment":"ftp://x/y.png"},
             {"id":4,"question":"¿Verdad?","kind":"truefalse","answer":"verdadero"},
             {"id":5,"question":"¿Pi?","kind":"number","value":"3,14","tolerance":0.01},
             {"id":6,"question":"¿Sin respuesta?"}, null, "texto",
             {"id":1,"question":"¿Repetida?","answer":"x"},
             {"id":7,"question":"¿Tipo raro?","kind":"dibujo","answer":"x"},
             {"id":8,"question":"¿Color?","kind":"choice","options":[{"text":"Rojo","right":"true"},{"text":"Azul"}]}]
            """
        let imported = try SetImport.read(Data(json.utf8), title: "Tolerante", format: nil)
        #expect(imported.set.quizzes == [
            SetQuiz(question: "¿Uno?", answer: "1"),
            SetQuiz(question: "¿Dos?", answer: "2", alternatives: ["dos", "3"]),
            SetQuiz(question: "¿Imagen?", answer: "3"),
            .trueOrFalse("¿Verdad?", true),
            .number("¿Pi?", value: 3.14, tolerance: 0.01),
            .choice("¿Color?", options: [.init(text: "Rojo", right: true), .init(text: "Azul", right: false)]),
        ])
        #expect(imported.skipped == 5)
        #expect(imported.notes == [
            ImportNote(name: "¿Sin respuesta?", reason: "le falta la respuesta"),
            ImportNote(name: "Elemento 7", reason: "no es una pregunta (un objeto JSON)"),
            ImportNote(name: "Elemento 8", reason: "no es una pregunta (un objeto JSON)"),
            ImportNote(name: "¿Repetida?", reason: "repite el id 1 de una pregunta anterior"),
            ImportNote(name: "¿Tipo raro?", reason: "su tipo «dibujo» no existe"),
            ImportNote(name: "¿Imagen?", reason: "se ha quitado su imagen: " + SetQuiz.outsideImageMessage),
        ])
    }

    @Test func aSetAsTheAppSendsItKeepsItsTitle() throws {
        let json = #"{"id":9,"title":"Mi conjunto","quizzes":[{"question":"¿A?","answer":"a"}]}"#
        #expect(try SetImport.read(Data(json.utf8), title: "", format: .quizzesJSON).set.title == "Mi conjunto")
    }

    @Test func latin1SavedAsIfUTF8IsAClearError() {
        let utf8 = Data("::P::¿Qué año es?{=2026}\n\n::Q::Añade la ñ{=ñ}".utf8)
        #expect(throws: Never.self) { try SetImport.read(utf8, title: "t", format: nil) }
        var bytes = Array("::P::Pregunta de prueba{=sí}\n\n::Q::".utf8)
        bytes += [0x41, 0xF1, 0x6F, 0x7B, 0x3D, 0x61, 0x7D]  // "Año{=a}" in Latin-1: 0xF1 is ñ
        #expect(throws: QuestionSetError.invalid(
            "El fichero no está en UTF-8 (línea 3): parece Latin-1 o Windows-1252. "
                + "Guárdalo como UTF-8 (en el Bloc de notas, «Guardar como» → Codificación UTF-8) y vuelve a importarlo.")
        ) { try SetImport.read(Data(bytes), title: "t", format: .gift) }
        #expect(throws: QuestionSetError.invalid("El fichero está en UTF-16: guárdalo como UTF-8 y vuelve a importarlo.")) {
            try SetImport.read(Data([0xFF, 0xFE, 0x41, 0x00]), title: "t", format: nil)
        }
    }

    @Test func theFormatIsRecognisedFromTheContent() {
        #expect(SetImportFormat.detect("  [{\"id\":1}]") == .quizzesJSON)
        #expect(SetImportFormat.detect("\n<?xml version=\"1.0\"?><quiz/>") == .moodleXML)
        #expect(SetImportFormat.detect("¿Sí?\nA) Sí\nB) No\nANSWER: A\n") == .aiken)
        #expect(SetImportFormat.detect("¿Sí?{T}") == .gift)
        #expect(SetImportFormat.detect("::Q::Di ANSWER: A\n{=a}") == .gift)
    }

    @Test func overTheSetsLimitIsSkippedWithNotesCapped() throws {
        let gift = (1...(QuizSet.maxQuizzes + 60)).map { "::Q\($0)::¿Pregunta \($0)?{=r}" }.joined(separator: "\n\n")
        let imported = try SetImport.read(Data(gift.utf8), title: "t", format: nil)
        #expect(imported.set.quizzes.count == QuizSet.maxQuizzes && imported.skipped == 60)
        #expect(imported.notes.count == SetImport.maxNotes)
        #expect(imported.notes.first == ImportNote(name: "Q201", reason: "no cabe: un conjunto tiene como mucho 200 preguntas"))
        #expect(imported.notes.last == ImportNote(name: "…", reason: "y 11 avisos más"))
    }

    @Test func aQuestionOverTheLimitsIsSkippedWithTheCheckSaysWhy() throws {
        let long = String(repeating: "a", count: SetQuiz.maxQuestionLength + 1)
        let imported = try SetImport.read(Data("\(long){=x}\n\n::Bien::¿Sí?{T}\n\n::Siete::¿Cuál?{=1 ~2 ~3 ~4 ~5 ~6 ~7}".utf8), title: "t", format: .gift)
        var kept = SetQuiz.trueOrFalse("¿Sí?", true)
        kept.name = "Bien"
        #expect(imported.set.quizzes == [kept])
        #expect(imported.notes.map(\.reason) == [
            "La pregunta tiene más de 500 caracteres.", "Hacen falta de 2 a 6 opciones.",
        ])
    }

    @Test func aFileWithNothingPlayableSaysWhy() {
        #expect(throws: QuestionSetError.invalid(
            "El fichero no tiene ninguna pregunta que se pueda jugar. «Ensayo»: es una pregunta de ensayo (respuesta libre larga): no se puede jugar; «Parejas»: es una pregunta de emparejar: no se puede jugar.")
        ) { try SetImport.read(Data("::Ensayo::Escribe.{}\n\n::Parejas::Une.{=a -> b =c -> d}".utf8), title: "t", format: nil) }
        #expect(throws: QuestionSetError.invalid("El fichero no tiene ninguna pregunta en formato GIFT.")) {
            try SetImport.read(Data("// solo un comentario\n".utf8), title: "t", format: nil)
        }
        #expect(throws: QuestionSetError.invalid("El fichero ocupa más de 2 MB.")) {
            try SetImport.read(Data(count: SetImport.maxSize + 1), title: "t", format: nil)
        }
    }

    @Test func nothingInAFileBecomesMarkup() throws {
        let gift = #"[html]<script>alert(1)</script><img src="javascript:alert(2)" onerror="alert(3)">¿Hola <i>mundo</i>?{=<b>sí</b>}"#
        let imported = try SetImport.read(Data(gift.utf8), title: "t", format: .gift)
        let quiz = try #require(imported.set.quizzes.first)
        #expect(quiz.question == "¿Hola mundo?" && quiz.image == nil)
        #expect(quiz.answer == .text(answer: "<b>sí</b>", alternatives: []), "an answer is plain text, shown as text by the pages")
        #expect(imported.notes.map(\.reason) == ["solo se conserva una imagen por pregunta, de una dirección http(s)"])
    }
}
