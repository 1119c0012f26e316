import Foundation
import Testing

@testable import QuestionSets

@Suite("QuizSet: the limits of a host's set, judging with alternatives, uploaded images' types")
struct QuizSetTests {
    private func quiz(_ question: String = "¿Capital de Francia?", _ answer: String = "París", alternatives: [String] = [], image: String? = nil) -> SetQuiz {
        SetQuiz(question: question, answer: answer, alternatives: alternatives, image: image)
    }

    @Test func aValidSetIsTrimmedAndItsRepeatedOrBlankAlternativesDropped() throws {
        let set = QuizSet(title: "  Capitales ", quizzes: [quiz(" ¿Capital de Francia? ", " París ", alternatives: ["paris", " ", "PARIS", "Lutecia", "paris"], image: " /api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f ")])
        let valid = try set.validated()
        #expect(valid.title == "Capitales")
        let first = try #require(valid.quizzes.first)
        #expect(first.question == "¿Capital de Francia?")
        #expect(first.answer == .text(answer: "París", alternatives: ["paris", "Lutecia"]), "«PARIS» and the second «paris» repeat «paris»")
        #expect(first.image == "/api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f")
        #expect(try QuizSet(title: "t", quizzes: [quiz(image: "  ")]).validated().quizzes.first?.image == nil)
    }

    @Test func theAnswerOrAnyAlternativeIsRightTrimmedAndWithoutRegardToCase() {
        let capital = quiz(alternatives: ["Paris"])
        #expect(capital.accepts("  parís "))
        #expect(capital.accepts("PARIS"))
        #expect(!capital.accepts("Lyon"))
    }

    @Test(arguments: [
        (QuizSet(title: " ", quizzes: [SetQuiz(question: "q", answer: "a")]), "Falta el título."),
        (QuizSet(title: String(repeating: "t", count: 101), quizzes: [SetQuiz(question: "q", answer: "a")]), "El título tiene más de 100 caracteres."),
        (QuizSet(title: "t", quizzes: []), "El conjunto necesita al menos una pregunta."),
        (QuizSet(title: "t", quizzes: Array(repeating: SetQuiz(question: "q", answer: "a"), count: 201)), "Un conjunto tiene como mucho 200 preguntas."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a"), SetQuiz(question: "\n", answer: "a")]), "Pregunta 2: Falta la pregunta."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "")]), "Pregunta 1: Falta la respuesta."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: String(repeating: "q", count: 501), answer: "a")]), "Pregunta 1: La pregunta tiene más de 500 caracteres."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", alternatives: [String(repeating: "b", count: 201)])]), "Pregunta 1: Una respuesta alternativa tiene más de 200 caracteres."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", alternatives: (1...11).map(String.init))]), "Pregunta 1: Como mucho 10 respuestas alternativas."),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", image: "javascript:alert(1)")]), "Pregunta 1: " + SetQuiz.outsideImageMessage),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", image: "https://ejemplo.es/p.png")]), "Pregunta 1: " + SetQuiz.outsideImageMessage),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", image: "/etc/passwd")]), "Pregunta 1: " + SetQuiz.outsideImageMessage),
        (QuizSet(title: "t", quizzes: [SetQuiz(question: "q", answer: "a", image: "/api/classroom/images/../../x")]), "Pregunta 1: La imagen subida no es válida."),
    ])
    func anInvalidSetIsRefusedInSpanish(_ set: QuizSet, _ message: String) {
        #expect(throws: QuestionSetError.invalid(message)) { try set.validated() }
    }

    @Test func aSetReadsFromJSONWithoutIdAlternativesOrImage() throws {
        let set = try JSONDecoder().decode(QuizSet.self, from: Data(#"{"title":"t","quizzes":[{"question":"q","answer":"a","image":null}]}"#.utf8))
        #expect(set == QuizSet(id: 0, title: "t", quizzes: [SetQuiz(question: "q", answer: "a")]))
        let json = String(decoding: try JSONEncoder().encode(set.quizzes[0]), as: UTF8.self)
        #expect(!json.contains("image"), "no image, no field")
    }

    // MARK: Uploaded images

    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    private static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]
    private static let gif = Array("GIF89a".utf8) + [1, 0, 1, 0]
    private static let webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)

    @Test(arguments: [(png, "image/png"), (jpeg, "image/jpeg"), (gif, "image/gif"), (webp, "image/webp")])
    func anImageIsTypedByItsMagicBytes(_ bytes: [UInt8], _ mime: String) throws {
        #expect(try SetImage(bytes: bytes).mime == mime)
    }

    @Test func anythingElseOrTooBigOrEmptyIsRefused() {
        #expect(throws: QuestionSetError.invalid("La imagen debe ser PNG, JPEG, GIF o WebP.")) {
            try SetImage(bytes: Array("<svg onload=alert(1)>".utf8))
        }
        #expect(throws: QuestionSetError.invalid("La imagen debe ser PNG, JPEG, GIF o WebP.")) {
            try SetImage(bytes: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8))
        }
        #expect(throws: QuestionSetError.invalid("La imagen está vacía.")) { try SetImage(bytes: []) }
        #expect(throws: QuestionSetError.invalid("La imagen ocupa más de 1 MB.")) {
            try SetImage(bytes: Self.png + [UInt8](repeating: 0, count: SetImage.maxSize))
        }
        #expect(throws: Never.self) { try SetImage(bytes: Self.png + [UInt8](repeating: 0, count: SetImage.maxSize - Self.png.count)) }
    }

    @Test func onlyThirtyTwoLowercaseHexDigitsNameAnUpload() {
        #expect(SetImage.isName(String(repeating: "0123456789abcdef", count: 2)))
        #expect(!SetImage.isName(String(repeating: "A", count: 32)))
        #expect(!SetImage.isName(String(repeating: "a", count: 31)))
        #expect(!SetImage.isName("../" + String(repeating: "a", count: 29)))
    }
}
