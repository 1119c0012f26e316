import Foundation
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("AikenReader: Aiken's multiple choice into choice questions")
struct AikenReaderTests {
    private static let bank = """
        ¿Cuál es la capital de Portugal?
        A) Oporto
        B) Lisboa
        C) Coímbra
        ANSWER: B

        ¿Qué lenguaje usa SwiftUI?
        A. Kotlin
        B.Swift
        ANSWER: B
        ¿Cuántas patas tiene
        una araña?
        A) Seis
        B) Ocho
        ANSWER: b

        Pregunta sin respuesta válida
        A) Sí
        B) No
        ANSWER: D

        ANSWER: A

        Esta pregunta olvidó su línea de respuesta
        A) Sí
        B) No
        ¿Cuánto es 2 + 2?
        A) 4
        B) 5
        ANSWER: A

        Pregunta cortada
        A) Uno
        """

    @Test func questionsOptionsAndTheRightLetterAsMoodleReadsThem() throws {
        let imported = try SetImport.read(Data(Self.bank.utf8), title: "Aiken", format: .aiken)
        #expect(imported.set.quizzes == [
            .choice("¿Cuál es la capital de Portugal?", options: [
                .init(text: "Oporto", right: false), .init(text: "Lisboa", right: true), .init(text: "Coímbra", right: false),
            ]),
            .choice("¿Qué lenguaje usa SwiftUI?", options: [.init(text: "Kotlin", right: false), .init(text: "Swift", right: true)]),
            .choice("¿Cuántas patas tiene\nuna araña?", options: [.init(text: "Seis", right: false), .init(text: "Ocho", right: true)]),
            .choice("¿Cuánto es 2 + 2?", options: [.init(text: "4", right: true), .init(text: "5", right: false)]),
        ])
        #expect(imported.set.quizzes.allSatisfy { !$0.multiple }, "Aiken is single")
        #expect(imported.skipped == 4)
        #expect(imported.notes.map(\.reason) == [
            "la respuesta «D» no es ninguna de sus opciones", "no hay ninguna pregunta antes de esta línea",
            "le falta la línea «ANSWER:» antes de la pregunta siguiente", "le falta la línea «ANSWER:» al final del fichero",
            "Moodle solo leería su última línea: la pregunta ocupa una línea en Aiken",
        ])
        #expect(imported.notes.map(\.name).prefix(3) == ["Pregunta sin respuesta válida", "ANSWER: A", "Esta pregunta olvidó su línea de respuesta"])
    }

    @Test func aikenIsRecognisedWithWindowsLineEnds() throws {
        let windows = Data(Self.bank.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(SetImportFormat.detect(Self.bank) == .aiken)
        #expect(try SetImport.read(windows, title: "Aiken", format: nil).set.quizzes.count == 4)
    }
}
