import ModelsTesting
@testable import Models

/// Canned answers of the trivia service for the model tests.
enum TriviaReplies {
    /// Question `n`: "Pregunta n", answers "Rn" (right, at index `n % 4`) and three wrong ones.
    static func questionJSON(_ n: Int) -> String {
        var answers = ["\"A\(n)\"", "\"B\(n)\"", "\"C\(n)\""]
        answers.insert("\"R\(n)\"", at: n % 4)
        return #"{"question":"Pregunta \#(n)","answers":[\#(answers.joined(separator: ","))],"correct":\#(n % 4)}"#
    }

    /// A list of questions `numbers`.
    static func list(_ numbers: some Sequence<Int>) -> ScriptedTransport.Reply {
        .json("[" + numbers.map(questionJSON).joined(separator: ",") + "]")
    }
}
