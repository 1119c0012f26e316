import Foundation
import Testing

@testable import Models

@Suite("BookItem: the exam's exact fields, tolerant photos, solution 1 or 2")
struct BookItemTests {
    static func json(id: Int = 1, photo1: String = #""photo":"https://ibros.example/a.png""#, solution: String = "2") -> String {
        #"{"id":\#(id),"book":"Moby Dick","question":"¿Capitán?","answer1":{"answer":"Ahab",\#(photo1)},"#
            + #""answer2":{"answer":"Starbuck","photo":"images/s.svg"},"solution":\#(solution)}"#
    }

    @Test func decodesEveryFieldAndEncodesTheSameShape() throws {
        let book = try JSONDecoder().decode(BookItem.self, from: Data(Self.json().utf8))
        #expect(book.id == 1 && book.book == "Moby Dick" && book.question == "¿Capitán?")
        #expect(book.answer1 == BookAnswer(answer: "Ahab", photo: URL(string: "https://ibros.example/a.png")))
        #expect(book.answer2.photo?.absoluteString == "images/s.svg")
        #expect(book.solution == 2)
        let again = try JSONDecoder().decode(BookItem.self, from: JSONEncoder().encode(book))
        #expect(again == book)
    }

    @Test(arguments: [
        "", #""photo":null"#, #""photo":"""#, #""photo":"   ""#, #""photo":42"#, #""photo":{"url":"x"}"#,
        #""photo":"javascript:alert(1)""#, #""photo":"file:///etc/passwd""#, #""photo":"https://""#,
    ])
    func aMissingOrUnusablePhotoIsThePlaceholder(photo: String) throws {
        let member = photo.isEmpty ? #""x":0"# : photo
        let book = try JSONDecoder().decode(BookItem.self, from: Data(Self.json(photo1: member).utf8))
        #expect(book.answer1.photo == nil)
        #expect(book.answer1.answer == "Ahab")
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(book.answer1)) as? [String: Any])
        #expect(encoded["photo"] is NSNull, "the page gets photo: null and draws the placeholder")
    }

    @Test func aSolutionOutsideOneOrTwoSkipsOnlyThatItemAndSaysWhy() throws {
        let data = "[" + [Self.json(id: 1), Self.json(id: 2, solution: "3"), Self.json(id: 3, solution: "\"1\""),
            Self.json(id: 4, solution: "0"), Self.json(id: 5, solution: "1")].joined(separator: ",") + "]"
        let list = try LenientList<BookItem>.decode(Data(data.utf8))
        #expect(list.elements.map(\.id) == [1, 5])
        #expect(list.skipped.map(\.description) == [
            "elemento 1 (id 2): dato no válido en «solution»: debe ser 1 o 2 y es 3",
            "elemento 2 (id 3): tipo incorrecto en «solution»: se esperaba Int",
            "elemento 3 (id 4): dato no válido en «solution»: debe ser 1 o 2 y es 0",
        ])
    }

    @Test func otherFieldsAreRequired() throws {
        let data = #"[{"id":1,"question":"¿?","answer1":{"answer":"a"},"answer2":{"answer":"b"},"solution":1},"#
            + #"{"id":2,"book":"B","question":"¿?","answer1":{"photo":"a.png"},"answer2":{"answer":"b"},"solution":1}]"#
        let list = try LenientList<BookItem>.decode(Data(data.utf8))
        #expect(list.elements.isEmpty)
        #expect(list.skipped.map(\.reason) == ["falta el campo «book»", "falta el campo «answer1.answer»"])
    }
}
