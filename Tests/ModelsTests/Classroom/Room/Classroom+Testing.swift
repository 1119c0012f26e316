import Foundation

@testable import Models

/// The room's moves in the steps the round makes them, for the suites that drive a room alone.
@MainActor
extension Classroom {
    /// Records player `playerID`'s answer to question `number` once `checkMayAnswer` allows it,
    /// counted at once (as the round does in one step, self-paced).
    @discardableResult
    func record(playerID: Int, number: Int, right: Bool?) throws(ModelError) -> ClassroomPlayer {
        record(try checkMayAnswer(playerID: playerID, number: number), right: right)
    }

    /// The host moves everybody on, as `ClassroomRound.next` does: host-paced, the room's
    /// question closes first (with the chart of nobody's answers), then the next one is the room's.
    @discardableResult
    func moveOn(hostKey: String) throws(ModelError) -> Int {
        if let current = hostPacedQuestion, isHost(hostKey) {
            close(current, chart: QuestionChart(question: current, given: [], players: roster.count))
        }
        return try advance(hostKey: hostKey)
    }
}
