import Foundation
import Testing

@testable import Models

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
        B. Swift
        ANSWER: B
        ¿Cuántas patas tiene
        una araña?
        A) Seis
        B) Ocho, como
           los pulpos
        ANSWER: b

        Pregunta sin respuesta válida
        A) Sí
        B) No
        ANSWER: D

        ANSWER: A

        Pregunta cortada
        A) Uno
        """

    @Test func questionsOptionsAndTheRightLetter() throws {
        let imported = try SetImport.read(Data(Self.bank.utf8), title: "Aiken", format: .aiken)
        #expect(imported.set.quizzes == [
            .choice("¿Cuál es la capital de Portugal?", options: [
                .init(text: "Oporto", right: false), .init(text: "Lisboa", right: true), .init(text: "Coímbra", right: false),
            ]),
            .choice("¿Qué lenguaje usa SwiftUI?", options: [.init(text: "Kotlin", right: false), .init(text: "Swift", right: true)]),
            .choice("¿Cuántas patas tiene\nuna araña?", options: [
                .init(text: "Seis", right: false), .init(text: "Ocho, como los pulpos", right: true),
            ]),
        ])
        #expect(imported.skipped == 3)
        #expect(imported.notes.map(\.reason) == [
            "la respuesta «D» no es ninguna de sus opciones", "le faltan la pregunta o las opciones",
            "le falta la línea «ANSWER:» al final del fichero",
        ])
    }

    @Test func aikenIsRecognisedWithWindowsLineEnds() throws {
        let windows = Data(Self.bank.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(SetImportFormat.detect(Self.bank) == .aiken)
        #expect(try SetImport.read(windows, title: "Aiken", format: nil).set.quizzes.count == 3)
    }
}
