import Foundation
import Testing
import TestSupport

@testable import Models

@Suite("TriviaQuestion: decoding the service's questions, refusing unplayable ones, shuffling answers")
struct TriviaQuestionTests {
    @Test func decodesAQuestionWithItsRightAnswer() throws {
        let question = try JSONDecoder().decode(
            TriviaQuestion.self, from: Data(#"{"question":"¿2+2?","answers":["3","4","5","22"],"correct":1}"#.utf8))
        #expect(question.question == "¿2+2?")
        #expect(question.answers == ["3", "4", "5", "22"])
        #expect(question.correctAnswer == "4")
    }

    @Test(arguments: [
        #"{"question":"","answers":["a","b","c","d"],"correct":0}"#,
        #"{"question":"  ","answers":["a","b","c","d"],"correct":0}"#,
        #"{"question":"q","answers":["a","b","c"],"correct":0}"#,
        #"{"question":"q","answers":["a","b","c","d","e"],"correct":0}"#,
        #"{"question":"q","answers":["a","b","c","a"],"correct":0}"#,
        #"{"question":"q","answers":["a","b","c","d"],"correct":4}"#,
        #"{"question":"q","answers":["a","b","c","d"],"correct":-1}"#,
        #"{"question":"q","answers":["a","b","c","d"]}"#,
        #"{"question":"q","answers":["a","b","c","d"],"correct":"1"}"#,
    ])
    func refusesAQuestionThatCannotBePlayed(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TriviaQuestion.self, from: Data(json.utf8)) }
    }

    @Test func aListSkipsBadQuestionsAndKeepsTheRest() throws {
        let json = "[" + TriviaReplies.questionJSON(1) + #",{"question":"q","answers":[],"correct":0},"#
            + TriviaReplies.questionJSON(2) + "," + TriviaReplies.questionJSON(1) + "]"
        let list = try LenientList<TriviaQuestion>.decode(Data(json.utf8))
        #expect(list.elements.map(\.question) == ["Pregunta 1", "Pregunta 2"])
        #expect(list.skipped.map(\.index) == [1, 3])
    }

    @Test func everyQuestionOfTheBundledBankDecodes() throws {
        let list = try LenientList<TriviaQuestion>.decode(Data(contentsOf: Fixtures.standInData("trivia/questions.json")))
        #expect(list.skipped.isEmpty, "\(list.skipped)")
        #expect(list.elements.count >= 20)
    }

    @Test func shufflingKeepsTheRightAnswerRight() throws {
        let question = try #require(TriviaQuestion(question: "q", answers: ["a", "b", "c", "d"], correct: 2))
        var generator = SeededGenerator(seed: 7)
        var orders = Set<[String]>()
        for _ in 0..<40 {
            let shuffled = question.shufflingAnswers(using: &generator)
            #expect(shuffled.correctAnswer == "c")
            #expect(Set(shuffled.answers) == Set(question.answers))
            orders.insert(shuffled.answers)
        }
        #expect(orders.count > 1, "the answers really move")
        #expect(orders.contains { $0.firstIndex(of: "c") != 2 }, "the right index moves with its answer")
    }

    @Test func theFailableInitRefusesWhatDecodingRefuses() {
        #expect(TriviaQuestion(question: "q", answers: ["a", "b", "c", "d"], correct: 3) != nil)
        #expect(TriviaQuestion(question: "q", answers: ["a", "b", "c", "d"], correct: 4) == nil)
        #expect(TriviaQuestion(question: " ", answers: ["a", "b", "c", "d"], correct: 0) == nil)
    }
}
