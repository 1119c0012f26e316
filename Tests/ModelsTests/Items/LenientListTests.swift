import Foundation
import Testing

@testable import Models

@Suite("LenientList reports and skips what cannot be decoded")
struct LenientListTests {
    @Test func skipsBadItemsAndSaysWhichAndWhy() throws {
        let json = """
            [
              {"id":1,"question":"Uno"},
              {"id":2},
              {"id":"tres","question":"Tres"},
              null,
              {"id":5,"question":"Cinco","author":{"photo":{"mime":"image/png"}}},
              7,
              {"id":1,"question":"Uno otra vez"},
              {"id":8,"question":"Ocho","attachment":{"url":"https://e.org/8.png","mime":null}}
            ]
            """
        let list = try LenientList<QuizItem>.decode(Data(json.utf8))
        #expect(list.elements.map(\.id) == [1, 5, 8], "an author the game does not need never costs a quiz")
        #expect(list.elements.dropFirst().first?.author == nil)
        #expect(list.elements.first?.question == "Uno")
        #expect(
            list.skipped.map(\.description) == [
                "elemento 1 (id 2): falta el campo «question»",
                "elemento 2 (id tres): tipo incorrecto en «id»: se esperaba Int",
                "elemento 3: elemento nulo",
                "elemento 5: tipo incorrecto en el elemento: se esperaba Dictionary<String, Any>",
                "elemento 6 (id 1): id repetido",
            ])
    }

    @Test func rejectsATopLevelThatIsNotAnArray() {
        #expect(throws: DecodingError.self) {
            try LenientList<QuizItem>.decode(Data(#"{"nomore":true}"#.utf8))
        }
    }

    @Test func keepsAnEmptyListEmpty() throws {
        let list = try LenientList<QuizItem>.decode(Data("[]".utf8))
        #expect(list.elements.isEmpty)
        #expect(list.skipped.isEmpty)
    }
}
