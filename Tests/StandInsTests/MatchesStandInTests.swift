import Foundation
import Testing
@testable import StandIns

/// The matches server's contract (`/partidos.json`, `/check?id=&winner=`) answered from memory.
@Suite struct MatchesStandInTests {
    let standIn: MatchesStandIn

    init() throws {
        standIn = try MatchesStandIn.bundled()
    }

    func get(_ path: String, _ query: [String: String] = [:]) -> StandInResponse {
        standIn.respond(to: StandInRequest(method: "GET", path: path, query: query))
    }

    @Test func servesTheBundledMatchesWithAbsoluteFlagsAndSomeWithout() throws {
        let matches = try #require(try jsonValue(get("/partidos.json").body) as? [[String: Any]])
        #expect(matches.count >= 20)
        var withoutFlag = 0
        for match in matches {
            #expect([1, 2].contains(match["winner"] as? Int) && match["details"] is String && match["phase"] is String)
            for team in ["team1", "team2"] {
                let side = try #require(match[team] as? [String: Any])
                #expect(side["name"] is String)
                guard let flag = side["flag"] as? String else { withoutFlag += 1; continue }
                #expect(flag.hasPrefix("/standin/matches/flags/"))
                #expect(get(String(flag.dropFirst("/standin/matches".count))).contentType == "image/svg+xml")
            }
        }
        #expect(withoutFlag >= 1, "the neutral badge must have something to show")
    }

    @Test func checkSaysWhetherTheGuessedSideWon() throws {
        let match = try #require((try jsonValue(get("/partidos.json").body) as? [[String: Any]])?.first)
        let id = try #require(match["id"] as? Int)
        let winner = try #require(match["winner"] as? Int)
        #expect(String(decoding: get("/check", ["id": "\(id)", "winner": "\(winner)"]).body, as: UTF8.self) == #"{"id":\#(id),"result":true}"#)
        #expect(String(decoding: get("/check", ["id": "\(id)", "winner": "\(3 - winner)"]).body, as: UTF8.self) == #"{"id":\#(id),"result":false}"#)
    }

    @Test(arguments: [
        ([:], 400, "id must be an integer"), (["id": "uno", "winner": "1"], 400, "id must be an integer"),
        (["id": "999", "winner": "1"], 404, "There is no match with id=999"),
        (["id": "1"], 400, "winner must be 1 or 2"), (["id": "1", "winner": "3"], 400, "winner must be 1 or 2"),
    ])
    func badChecksAreRefused(query: [String: String], status: Int, message: String) throws {
        let response = get("/check", query)
        #expect(response.status == status)
        #expect(try jsonValue(response.body) as? [String: String] == ["error": message])
    }

    @Test func theOutageFailsTheListAndTheCheck() throws {
        #expect(standIn.respond(to: StandInRequest(method: "PUT", path: "/control/outage", query: ["status": "502"])).status == 200)
        #expect(get("/partidos.json").status == 502)
        #expect(get("/check", ["id": "1", "winner": "1"]).status == 502)
        #expect(get("/flags/es.svg").status == 200)
        #expect(standIn.respond(to: StandInRequest(method: "DELETE", path: "/control/outage")).status == 200)
        #expect(get("/check", ["id": "1", "winner": "1"]).status == 200)
    }

    @Test func refusesDataWithoutAWinner() {
        #expect(throws: ListCatalog.LoadError.invalidItem(index: 0, reason: "no \"winner\" 1 or 2 (id=1)")) {
            try ListCatalog(jsonData: Data(#"[{"id":1,"winner":3}]"#.utf8), validate: MatchesStandIn.validWinner)
        }
    }
}
