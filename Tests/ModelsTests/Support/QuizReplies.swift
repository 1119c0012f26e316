import Foundation
import ModelsTesting

@testable import Models

/// Canned answers of the quiz server for the model tests.
enum QuizReplies {
    /// One item in the live server's shape, without answer.
    static func itemJSON(_ id: Int, favourite: Bool = false) -> String {
        #"{"id":\#(id),"question":"Pregunta \#(id)","author":{"id":1,"isAdmin":false,"username":"ana","#
            + #""photo":{"url":"/img/ana.svg","mime":null}},"attachment":null,"favourite":\#(favourite)}"#
    }

    /// `random10` with these ids.
    static func list(_ ids: [Int]) -> ScriptedTransport.Reply {
        .json("[" + ids.map { itemJSON($0) }.joined(separator: ",") + "]")
    }

    /// `random` with one quiz.
    static func random(_ id: Int, favourite: Bool = false) -> ScriptedTransport.Reply {
        .json(itemJSON(id, favourite: favourite))
    }

    /// `check`'s answer.
    static func check(_ id: Int, _ answer: String, right: Bool) -> ScriptedTransport.Reply {
        .json(#"{"quizId":\#(id),"answer":"\#(answer)","result":\#(right)}"#)
    }

    /// The favourites endpoint's answer.
    static func favourite(_ id: Int, _ favourite: Bool) -> ScriptedTransport.Reply {
        .json(#"{"id":\#(id),"favourite":\#(favourite)}"#)
    }

    /// `answer`'s answer.
    static func answer(_ id: Int, _ answer: String) -> ScriptedTransport.Reply {
        .json(#"{"quizId":\#(id),"answer":"\#(answer)"}"#)
    }

    /// Every way the server can fail, with the error the model must show.
    static let failures: [(name: String, reply: ScriptedTransport.Reply?, error: RemoteError)] = [
        ("down", nil, .offline),
        ("slow", .failure(.timeout), .timeout),
        ("401", .text("Unauthorized", status: 401), .unauthorized),
        ("404", .json(#"{"error":"There is no quiz with id=9"}"#, status: 404), .notFound("There is no quiz with id=9")),
        ("500", .json(#"{"error":"Internal"}"#, status: 500), .status(500, "Internal")),
        ("HTML", .text("<html><body>Portal</body></html>", status: 200, contentType: "text/html"),
            .malformed("se esperaba JSON y ha llegado una página HTML")),
        ("truncated", .json(#"[{"id":1,"question":"Uno"},{"id":2,"quest"#), .malformed("JSON incompleto o no válido")),
        ("50 MB", .failure(.tooLarge(limit: 10 * 1_048_576)), .tooLarge(limit: 10 * 1_048_576)),
    ]
}
