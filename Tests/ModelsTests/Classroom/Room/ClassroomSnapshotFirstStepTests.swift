import Foundation
import Testing
import TestSupport

@testable import Models

/// The close of a question on the leaderboard: the chart goes first, alone and small, and the
/// rows whose scores the close settled follow (`ClassroomSnapshot.firstStep(toward:)`).
@Suite("ClassroomSnapshot.firstStep: the chart before the rows")
struct ClassroomSnapshotFirstStepTests {
    /// A host-paced question of a room of `count` players, every one answered: open (with its
    /// countdown) or closed (its chart, and 1 + the player's id points for every third player).
    private static func room(count: Int, closed: Bool) -> ClassroomSnapshot {
        let rows = (1...count).map { id in
            let right = closed && id % 3 == 0
            return ClassroomPlayerRow(id: id, name: "Jugador \(id)", score: right ? 1 + id : 0, answered: true, progress: 1,
                                      rightCount: right ? 1 : 0)
        }
        let given = (1...count).map { (text: $0 % 3 == 0 ? "París" : "Roma", right: $0 % 3 == 0) }
        let deadline = QuestionDeadline(question: 1, openedAt: Date(timeIntervalSince1970: 1_000), seconds: 20)
        return ClassroomSnapshot(
            phase: .playing, round: 1, game: .trivia, question: 1, total: 5, selfPaced: false, deadline: closed ? nil : deadline,
            chart: closed ? QuestionChart(question: 1, given: given, players: count) : nil,
            players: rows.sorted { $0.score > $1.score }, podium: [])
    }

    @Test func theCloseSendsTheChartAloneThenTheSettledRows() throws {
        let open = Self.room(count: 300, closed: false)
        let closed = Self.room(count: 300, closed: true)
        let step = try #require(open.firstStep(toward: closed))

        let first = try #require(step.patchJSON(from: open))
        let chartPatch = SnapshotPatch.object(first)
        #expect(chartPatch["lists"] == nil, "no row in the chart's event")
        let fields = try #require(chartPatch["set"] as? [String: Any])
        #expect(Set(fields.keys) == ["chart", "deadline"])
        #expect((fields["chart"] as? [String: Any])?["question"] as? Int == 1)

        let second = try #require(closed.patchJSON(from: step))
        let rowsPatch = SnapshotPatch.object(second)
        #expect(rowsPatch["set"] == nil, "the chart went before")
        let upserted = try #require(((rowsPatch["lists"] as? [String: Any])?["players"] as? [String: Any])?["upsert"] as? [[String: Any]])
        #expect(upserted.count == 100, "the 100 right answerers' rows")
        #expect(upserted.allSatisfy { $0["name"] == nil && $0["score"] is Int }, "only what changed of each row")
        #expect(first.count * 10 < second.count, "the chart's event \(first.count) bytes, the rows' \(second.count)")

        let shown = SnapshotPatch.apply(rowsPatch, to: SnapshotPatch.apply(chartPatch, to: SnapshotPatch.object(open.json())))
        #expect(SnapshotPatch.equal(shown, SnapshotPatch.object(closed.json())), "both patches give the closed room exactly")
        #expect(step.firstStep(toward: closed) == nil, "once the chart is sent, the rows go as an ordinary change")
    }

    @Test func aChangeWithoutANewChartHasNoFirstStep() {
        let open = Self.room(count: 3, closed: false)
        var answered = open
        answered.players[0].answered = false
        #expect(answered.firstStep(toward: open) == nil)
        #expect(open.firstStep(toward: open) == nil)
    }

    @Test func theNextQuestionGoesBeforeTheRowsItResets() throws {
        let closed = Self.room(count: 30, closed: true)
        var next = closed
        next.question = 2
        let trivia = try #require(TriviaQuestion(question: "¿Capital de Italia?", answers: ["Roma", "Milán", "Turín", "Nápoles"], correct: 0))
        next.open = OpenQuestion(RoundQuestion(number: 2, trivia: trivia).shown, startsAt: Date(timeIntervalSince1970: 2_000))
        for index in next.players.indices { next.players[index].answered = false }
        let step = try #require(closed.firstStep(toward: next))
        let first = SnapshotPatch.object(try #require(step.patchJSON(from: closed)))
        #expect(first["lists"] == nil && Set((first["set"] as? [String: Any] ?? [:]).keys) == ["question", "open"])
        let rows = SnapshotPatch.object(try #require(next.patchJSON(from: step)))
        #expect(((rows["lists"] as? [String: Any])?["players"] as? [String: Any])?["upsert"] as? [[String: Any]] != nil)
    }

    @Test func aChartThatGoesAwayIsAlsoSentFirst() throws {
        let closed = Self.room(count: 3, closed: true)
        var started = Self.room(count: 3, closed: false)
        started.round = 2
        let step = try #require(closed.firstStep(toward: started))
        #expect(step.chart == nil && step.round == 2 && step.players == closed.players)
    }
}
