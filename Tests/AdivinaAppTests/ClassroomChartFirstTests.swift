import Foundation
import Testing
import TestSupport

@testable import AdivinaApp

/// Issue 39, "Numbers": at a question's close the projectors and leaderboards get the chart in
/// an event of its own, before the rows whose scores the close settled (`LiveTopic`,
/// `ClassroomSnapshot.firstStep(toward:)`), and the page's state still ends where the room is.
@Suite("Classroom: the chart reaches the viewers before the rows")
@MainActor
struct ClassroomChartFirstTests {
    @Test func theChartComesAloneAndTheSettledScoresAfterIt() async throws {
        try await withClassroom { running, host, anyone in
            let players = try await anyone.joined(["Ana", "Bea", "Carla", "Dani"])
            let board = try EventStreamReader(url: try #require(URL(string: "api/events?topics=classroom", relativeTo: running.url)))
            defer { board.close() }
            #expect(try await board.event(named: "classroom") != nil)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"trivia"}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)

            // Four options, four players, one each: one of them is right, and the question
            // closes when the last one answers.
            for (index, player) in players.enumerated() {
                #expect(try await player.answer(1, [index]).status == 200)
            }
            let settled = await eventually {
                board.received.contains { Self.scores($0.json).contains { $0 > 0 } }
            }
            #expect(settled, "the right answerer's score reached the board")

            let events = board.received
            let chartEvent = try #require(events.firstIndex { (($0.json["set"] as? [String: Any])?["chart"] as? [String: Any]) != nil })
            #expect(events[chartEvent].name == "classroom.patch")
            #expect(events[chartEvent].json["lists"] == nil, "the chart's event holds no row: \(events[chartEvent].data)")
            let scored = try #require(events.firstIndex { Self.scores($0.json).contains { $0 > 0 } })
            #expect(scored > chartEvent, "no score before the chart")
            #expect((events[scored].json["set"] as? [String: Any])?["chart"] == nil)

            let state = try await anyone.get("/api/classroom/state").json
            #expect(await eventually { board.snapshots(named: "classroom").last.map { SnapshotPatch.equal($0, state) } ?? false },
                    "the board's snapshot ends where the room is")
        }
    }

    /// The scores of the rows a patch upserts.
    private static func scores(_ patch: [String: Any]) -> [Int] {
        let rows = ((patch["lists"] as? [String: Any])?["players"] as? [String: Any])?["upsert"] as? [[String: Any]] ?? []
        return rows.compactMap { $0["score"] as? Int }
    }
}
