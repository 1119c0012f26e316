import Foundation
import Testing

@testable import QuestionSets

@Suite("SetQuiz kinds: JSON, limits checked in one pass, judging each kind")
struct QuizKindTests {
    private let capital = SetQuiz.choice("¿Capital de Francia?", options: [
        SetQuizOption(text: "Lyon", right: false), SetQuizOption(text: "París", right: true), SetQuizOption(text: "Niza", right: false),
    ])
    private let primes = SetQuiz.choice("¿Cuáles son primos?", options: [
        SetQuizOption(text: "2", right: true), SetQuizOption(text: "4", right: false), SetQuizOption(text: "7", right: true),
    ])
    private let pi = SetQuiz.number("¿Cuánto vale π con dos decimales?", value: 3.14, tolerance: 0.005)

    private static func options(_ quiz: SetQuiz) -> [SetQuizOption]? {
        if case .choice(let options) = quiz.answer { options } else { nil }
    }

    private func decode(_ json: String) throws -> SetQuiz {
        try JSONDecoder().decode(SetQuiz.self, from: Data(json.utf8))
    }

    private func given(_ json: String) throws -> GivenAnswer {
        try JSONDecoder().decode(GivenAnswer.self, from: Data(json.utf8))
    }

    // MARK: JSON

    @Test func aChoiceKeepsTheTeachersSingleOrMultipleAndEachOptionsFeedback() throws {
        let single = try decode(
            #"{"kind":"choice","question":"q","multiple":false,"options":[{"text":"x","right":true,"feedback":"¡Eso es!"},{"text":"y","right":true},{"text":"z","right":false,"feedback":"No: z es otra cosa"}]}"#)
        #expect(single.multiple == false, "two right options do not make it multiple when the teacher said single")
        let options = try #require(Self.options(single))
        #expect(options.map(\.feedback) == ["¡Eso es!", nil, "No: z es otra cosa"])
        #expect(try JSONDecoder().decode(SetQuiz.self, from: try JSONEncoder().encode(single)) == single)
        let multiple = try decode(#"{"kind":"choice","question":"q","multiple":true,"options":[{"text":"x","right":true},{"text":"y","right":false}]}"#)
        #expect(multiple.multiple, "one right option does not make it single when the teacher said multiple")
        // A set saved before the field existed: more than one right option reads as multiple.
        #expect(primes.multiple && !capital.multiple)
        #expect(try decode(#"{"kind":"truefalse","question":"q","answer":true,"multiple":true}"#).multiple == false)
        let validated = try SetQuiz.choice("q", options: [
            SetQuizOption(text: "x", right: true, feedback: "  "), SetQuizOption(text: "y", right: false, feedback: " bien "),
        ], multiple: true).validated()
        #expect(validated.multiple && Self.options(validated)?.map(\.feedback) == [nil, "bien"])
    }

    /// A Markdown question keeps the flag through JSON and validation; a plain one writes none.
    @Test func aMarkdownQuestionSaysSoAndAPlainOneSaysNothing() throws {
        let markdown = try decode(#"{"kind":"text","question":"¿Qué es `x`?\n- **a**","answer":"a","markdown":true}"#)
        #expect(markdown.markdown && markdown.question == "¿Qué es `x`?\n- **a**")
        #expect(try markdown.validated().markdown, "validation keeps it")
        let written = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(markdown)) as? [String: Any])
        #expect(written["markdown"] as? Bool == true)
        let plain = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(try decode(#"{"question":"q","answer":"a"}"#))) as? [String: Any])
        #expect(plain["markdown"] == nil)
    }

    @Test func everyKindReadsFromTheContractsJSONAndWritesItBack() throws {
        let quizzes = [
            try decode(#"{"question":"q","answer":"a","alternatives":["b"]}"#),
            try decode(#"{"kind":"choice","question":"q","options":[{"text":"x","right":false},{"text":"y","right":true}],"feedback":"f"}"#),
            try decode(#"{"kind":"truefalse","question":"q","answer":false,"image":"https://e.es/i.png"}"#),
            try decode(#"{"kind":"number","question":"q","value":2.5,"tolerance":0.5}"#),
            try decode(#"{"kind":"poll","question":"q","options":[{"text":"x"},{"text":"y"}]}"#),
        ]
        #expect(quizzes.map(\.kind) == [.text, .choice, .truefalse, .number, .poll], "no kind is text")
        #expect(quizzes[1].feedback == "f" && quizzes[2].image == "https://e.es/i.png")
        #expect(quizzes[3].answer == .number(value: 2.5, tolerance: 0.5))
        #expect(quizzes[4].answer == .poll(["x", "y"]))
        for quiz in quizzes {
            #expect(try JSONDecoder().decode(SetQuiz.self, from: try JSONEncoder().encode(quiz)) == quiz)
        }
        let poll = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(quizzes[4])) as? [String: Any])
        #expect(poll["kind"] as? String == "poll")
        #expect((poll["options"] as? [[String: Any]])?.first?["right"] == nil, "a poll's options have no right")
    }

    // MARK: Limits

    @Test(arguments: [
        (SetQuiz.choice("q", options: [SetQuizOption(text: "a", right: true)]), "Hacen falta de 2 a 6 opciones."),
        (SetQuiz.choice("q", options: (1...7).map { SetQuizOption(text: "\($0)", right: true) }), "Hacen falta de 2 a 6 opciones."),
        (SetQuiz.choice("q", options: [SetQuizOption(text: "a", right: false), SetQuizOption(text: "b", right: false)]), "Marca al menos una opción como correcta."),
        (SetQuiz.choice("q", options: [SetQuizOption(text: "a", right: true), SetQuizOption(text: " A ", right: false)]), "Hay dos opciones iguales: «A»."),
        (SetQuiz.choice("q", options: [SetQuizOption(text: "a", right: true), SetQuizOption(text: " ", right: false)]), "Falta el texto de una opción."),
        (SetQuiz.poll("q", options: ["solo"]), "Hacen falta de 2 a 6 opciones."),
        (SetQuiz.number("q", value: .nan), "Falta el valor correcto."),
        (SetQuiz.number("q", value: 1, tolerance: -1), "El margen debe ser un número de 0 en adelante."),
        (SetQuiz(question: "q", answer: "a", feedback: String(repeating: "f", count: 1_001)), "El comentario tiene más de 1000 caracteres."),
    ])
    func anInvalidQuizOfAnyKindIsRefusedInSpanish(_ quiz: SetQuiz, _ message: String) {
        #expect(throws: QuestionSetError.invalid(message)) { try quiz.validated() }
    }

    @Test func aValidQuizOfEachKindIsTrimmed() throws {
        let choice = try SetQuiz.choice(" q ", options: [SetQuizOption(text: " a ", right: true), SetQuizOption(text: "b", right: false)]).validated()
        #expect(choice.question == "q" && choice.optionTexts == ["a", "b"])
        let blankFeedback = try SetQuiz(question: "q", answer: "a", feedback: "  ").validated()
        #expect(blankFeedback.feedback == nil)
        #expect(try SetQuiz.trueOrFalse("q", true).validated().answer == .truefalse(true))
    }

    @Test func anOverLongListIsRefusedByItsLengthAtOnce() throws {
        // 6,000 alternatives, each over the length limit: refused for the count, not the first item.
        let huge = SetQuiz(question: "q", answer: "a", alternatives: Array(repeating: String(repeating: "x", count: 300), count: 6_000))
        #expect(throws: QuestionSetError.invalid("Como mucho 10 respuestas alternativas.")) { try huge.validated() }
        let options = SetQuiz.poll("q", options: Array(repeating: String(repeating: "x", count: 300), count: 6_000))
        #expect(throws: QuestionSetError.invalid("Hacen falta de 2 a 6 opciones.")) { try options.validated() }
    }

    // MARK: Judging

    @Test func aChoiceIsRightOnlyWithEveryRightOptionAndNothingElse() throws {
        #expect(try capital.judge(.choices([1])) == true)
        #expect(try capital.judge(.choices([0])) == false)
        #expect(try capital.judge(given("1")) == true, "a single index reads as a one-long list")
        #expect(try primes.judge(.choices([2, 0])) == true)
        #expect(try primes.judge(.choices([0])) == false, "several right: all of them")
        #expect(try primes.judge(.choices([0, 1, 2])) == false, "all or nothing")
        #expect(throws: QuestionSetError.invalid("Esa opción no existe.")) { try capital.judge(.choices([3])) }
        #expect(throws: QuestionSetError.invalid("Esa opción no existe.")) { try capital.judge(.choices([1, 1])) }
        #expect(throws: QuestionSetError.invalid("Elige al menos una opción.")) { try capital.judge(.choices([])) }
        #expect(throws: QuestionSetError.invalid("Hay más opciones elegidas que opciones.")) { try capital.judge(.choices(Array(0..<6_000))) }
        #expect(throws: QuestionSetError.invalid("Elige una o varias opciones de la lista.")) { try capital.judge(.text("París")) }
        #expect(capital.answerText(.choices([1])) == "París" && primes.answerText(.choices([2, 0])) == "2 · 7")
        #expect(primes.rightAnswerText == "2 · 7")
    }

    @Test func aNumberIsRightWithinItsToleranceAndReadsADecimalComma() throws {
        #expect(try pi.judge(.number(3.14)) == true)
        #expect(try pi.judge(.number(3.144)) == true)
        #expect(try pi.judge(.number(3.15)) == false)
        #expect(try pi.judge(given(#""3,14""#)) == true, "a decimal comma")
        #expect(try SetQuiz.number("q", value: 0.3).judge(.number(0.1 + 0.2)) == true)
        #expect(try SetQuiz.number("q", value: 3).judge(given("3")) == true, "a whole number")
        #expect(throws: QuestionSetError.invalid("Escribe un número (por ejemplo, 3,5).")) { try pi.judge(.text("tres")) }
        #expect(throws: QuestionSetError.invalid("La respuesta a esta pregunta es un número.")) { try pi.judge(.truth(true)) }
        #expect(GivenAnswer.number(from: " -2,5 ") == -2.5 && GivenAnswer.number(from: "1e400") == nil && GivenAnswer.number(from: "0x10") == nil)
        #expect(pi.rightAnswerText == "3,14 (± 0,005)" && pi.answerText(.number(3.5)) == "3,5")
    }

    @Test func trueOrFalseTextAndPoll() throws {
        let sun = SetQuiz.trueOrFalse("¿El Sol es una estrella?", true)
        #expect(try sun.judge(given("true")) == true && sun.judge(.truth(false)) == false)
        #expect(sun.optionTexts == ["Verdadero", "Falso"] && sun.rightAnswerText == "Verdadero")
        #expect(sun.pickedOptions(.truth(false)) == [1])
        #expect(throws: QuestionSetError.invalid("La respuesta a esta pregunta es verdadero o falso.")) { try sun.judge(.option(0)) }

        let text = SetQuiz(question: "q", answer: "París", alternatives: ["Paris"])
        #expect(try text.judge(given(#"" paris ""#)) == true && text.judge(.text("Lyon")) == false)
        #expect(throws: QuestionSetError.invalid("La respuesta tiene más de 200 caracteres.")) {
            try text.judge(.text(String(repeating: "a", count: 201)))
        }
        #expect(throws: QuestionSetError.invalid("La respuesta a esta pregunta es un texto.")) { try text.judge(.choices([0])) }

        let poll = SetQuiz.poll("¿Qué prefieres?", options: ["Té", "Café"])
        #expect(try poll.judge(given("1")) == nil, "no right answer")
        #expect(poll.pickedOptions(.option(1)) == [1] && poll.answerText(.number(1)) == "Café" && poll.rightAnswerText == nil)
        #expect(throws: QuestionSetError.invalid("Esa opción no existe.")) { try poll.judge(.option(2)) }
    }

    @Test func anAnswerOfNoKnownShapeDoesNotDecode() {
        #expect(throws: DecodingError.self) { try given(#"{"a":1}"#) }
        #expect(throws: DecodingError.self) { try given("null") }
        #expect(throws: DecodingError.self) { try given(#"[1.5]"#) }
    }
}
