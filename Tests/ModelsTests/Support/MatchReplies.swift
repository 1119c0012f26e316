import Foundation
import ModelsTesting

@testable import Models

/// Canned answers of a matches server for the model tests.
enum MatchReplies {
    /// One match; team 2 has no flag.
    static func itemJSON(_ id: Int, winner: String = "1", flag: String = #""flag":"flags/a.svg""#) -> String {
        #"{"id":\#(id),"phase":"Final \#(id)","team1":{"name":"A",\#(flag)},"team2":{"name":"B"},"#
            + #""winner":\#(winner),"details":"1-0 en el partido \#(id)."}"#
    }

    /// `partidos.json` with these ids.
    static func list(_ ids: [Int]) -> ScriptedTransport.Reply {
        .json("[" + ids.map { itemJSON($0) }.joined(separator: ",") + "]")
    }

    /// `check`'s answer.
    static func check(_ id: Int, right: Bool) -> ScriptedTransport.Reply {
        .json(#"{"id":\#(id),"result":\#(right)}"#)
    }
}
