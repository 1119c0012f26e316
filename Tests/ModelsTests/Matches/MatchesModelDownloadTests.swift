import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("MatchesModel: partidos.json, tolerant flags, winner 1 or 2, the current match after a reload", .timeLimit(.minutes(5)))
@MainActor
struct MatchesModelDownloadTests {
    private let server = Scripted { MatchesModel(client: MatchesClient(baseURL: URL(string: "https://mundial.test/api/")!, transport: $0)) }
    @Test func buildsTheContractsRequests() {
        let client = MatchesClient(baseURL: URL(string: "https://mundial.test/api/?x=1")!, transport: server.transport)
        #expect(client.list.listRequest().url?.absoluteString == "https://mundial.test/api/partidos.json")
        #expect(client.checkRequest(id: 7, winner: 2).url?.absoluteString == "https://mundial.test/api/check?id=7&winner=2")
        let named = MatchesClient(baseURL: URL(string: "https://mundial.test/api/partidos.json")!, transport: server.transport)
        #expect(named.list.listRequest().url?.absoluteString == "https://mundial.test/api/partidos.json")
        #expect(named.checkRequest(id: 1, winner: 1).httpMethod == "GET")
    }

    @Test func readsMatchesToleratingFlagsAndSkippingWinnersOtherThanOneOrTwo() async throws {
        let items = [
            MatchReplies.itemJSON(1), MatchReplies.itemJSON(2, flag: #""flag":"""#), MatchReplies.itemJSON(3, flag: #""flag":7"#),
            MatchReplies.itemJSON(4, winner: "0"), MatchReplies.itemJSON(5, winner: "null"),
            #"{"id":6,"phase":"Final","team1":{"flag":"a.svg"},"team2":{"name":"B"},"winner":1,"details":"-"}"#,
        ]
        server.transport.enqueue(.json("[" + items.joined(separator: ",") + "]"))
        try await server.model.download()
        #expect(server.model.matches.map(\.id) == [1, 2, 3])
        #expect(server.model.matches.map { $0.team1.flag?.absoluteString } == ["flags/a.svg", nil, nil])
        #expect(server.model.matches.allSatisfy { $0.team2.flag == nil })
        #expect(server.model.game.skipped.map(\.description) == [
            "elemento 3 (id 4): dato no válido en «winner»: debe ser 1 o 2 y es 0",
            "elemento 4 (id 5): valor nulo en «winner»: se esperaba Int",
            "elemento 5 (id 6): falta el campo «team1.name»",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: server.model.snapshotJSON.value) as? [String: Any])
        #expect(Set(json.keys) == ["matches", "current", "rightResponse", "lastResult", "score", "loading", "error"])
        #expect(json["current"] is NSNull && json["rightResponse"] is NSNull)
        let row = try #require((json["matches"] as? [[String: Any]])?.first)
        #expect(Set(row.keys) == ["id", "phase", "team1", "team2", "details", "answeredRight"], "never the winner")
        #expect(row["details"] is NSNull)
        #expect((row["team2"] as? [String: Any])?["flag"] is NSNull)
        #expect(try JSONDecoder().decode(MatchesSnapshot.self, from: server.model.snapshotJSON.value) == server.model.snapshot.value)
    }

    @Test func aDownloadWithoutTheCurrentMatchLeavesIt() async throws {
        server.transport.enqueue(MatchReplies.list([1, 2]))
        try await server.model.download()
        try server.model.select(id: 2)
        server.transport.enqueue(MatchReplies.list([2, 3]))
        try await server.model.download()
        #expect(server.model.current?.id == 2, "still there: still current")
        server.transport.enqueue(MatchReplies.list([3]))
        try await server.model.download()
        #expect(server.model.current == nil)
        #expect(server.model.snapshot.value.selection.current == nil)
    }
}
