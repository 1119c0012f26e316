import Foundation
import Testing

@testable import Models

@Suite("RoundQuestion: what the pages are shown of a set's question")
struct RoundQuestionTests {
    /// A Markdown question says so to the pages; a plain one does not (moved here with the set's
    /// types to `QuestionSets`, which knows no round).
    @Test func aMarkdownQuestionIsShownAsMarkdown() throws {
        var markdown = SetQuiz(question: "¿Qué es `x`?\n- **a**", answer: "a")
        markdown.markdown = true
        #expect(RoundQuestion(number: 1, quiz: markdown).shown.markdown, "the round's question says it to the pages")
        #expect(!RoundQuestion(number: 1, quiz: SetQuiz(question: "q", answer: "a")).shown.markdown)
    }
}
