import Foundation
import ModelsTesting

@testable import Models

/// Canned answers of a books server for the model tests.
enum BookReplies {
    /// One question; the right answer is `solution`.
    static func itemJSON(_ id: Int, solution: Int = 1) -> String {
        #"{"id":\#(id),"book":"Libro \#(id)","question":"¿Pregunta \#(id)?","#
            + #""answer1":{"answer":"Uno","photo":"/img/\#(id)-1.svg"},"answer2":{"answer":"Dos"},"solution":\#(solution)}"#
    }

    /// The list with these ids, every solution 1.
    static func list(_ ids: [Int]) -> ScriptedTransport.Reply {
        .json("[" + ids.map { itemJSON($0) }.joined(separator: ",") + "]")
    }
}
