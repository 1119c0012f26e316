import Foundation
import Signals

/// A player's answers in the room: who may answer what, and the points they earn (held,
/// host-paced, until the question closes; see `ClassroomRound`).
extension Classroom {
    /// Throws, with a message for the player, unless player `playerID` may answer question
    /// `number` now: a round is on, the number exists, the player has not answered it yet and,
    /// host-paced, it is the current question. The leave it returns is good until the room
    /// changes: `record(_:right:points:held:)` it at once, with no suspension in between.
    @discardableResult
    func checkMayAnswer(playerID: Int, number: Int) throws(ModelError) -> MayAnswer {
        guard let index = indexByID[playerID] else { throw .unknownItem(.player, id: playerID) }
        guard phaseState.value == .playing else { throw .conflict("La ronda no está en marcha.") }
        guard (1...totalState.value).contains(number) else {
            throw .invalid("La ronda no tiene pregunta \(number).")
        }
        guard !playersState.value[index].answered.contains(number) else {
            throw .conflict("Ya has respondido a esta pregunta.")
        }
        let leave = MayAnswer(index: index, number: number)
        if selfPacedState.value { return leave }
        let current = currentState.value
        if number > current { throw .conflict("Espera: todavía vamos por la pregunta \(current).") }
        if number < current { throw .conflict("La pregunta \(number) ya está cerrada: vamos por la \(current).") }
        return leave
    }

    /// A player's leave to answer a question now (`checkMayAnswer`): their place in the
    /// players and the question.
    struct MayAnswer {
        fileprivate let index: Int
        let number: Int
    }

    /// Records player `playerID`'s answer to question `number` once `checkMayAnswer` allows it.
    @discardableResult
    func record(playerID: Int, number: Int, right: Bool?, points: Int? = nil, held: Bool = false) throws(ModelError) -> ClassroomPlayer {
        record(try checkMayAnswer(playerID: playerID, number: number), right: right, points: points, held: held)
    }

    /// Records the answer `checkMayAnswer` just allowed (`leave`): it adds `points` to the
    /// player's score (by default 1 for a right one) and counts a right one (`right` nil: a
    /// poll's, neither); `held` (host-paced), only when the question closes (`settle`), so
    /// nothing public tells who was right before. Returns the player as they are now.
    @discardableResult
    func record(_ leave: MayAnswer, right: Bool?, points: Int? = nil, held: Bool = false) -> ClassroomPlayer {
        let index = leave.index
        let number = leave.number
        return playersState.update { players in
            let earned = points ?? (right == true ? 1 : 0)
            players[index].answered.insert(number)
            if held {
                players[index].held[number] = ClassroomPlayer.HeldAnswer(points: earned, right: right == true)
            } else {
                Self.count(earned, right: right == true, question: number, for: &players[index])
            }
            return players[index]
        }
    }

    /// Question `number` closed (nil: every question, the round ended): the points held for it
    /// join every player's score, points and right answers, all together.
    func settle(_ number: Int?) {
        guard playersState.value.contains(where: { $0.held.keys.contains { number == nil || $0 == number } }) else { return }
        playersState.update { players in
            for index in players.indices {
                for (question, answer) in players[index].held where number == nil || question == number {
                    Self.count(answer.points, right: answer.right, question: question, for: &players[index])
                    players[index].held[question] = nil
                }
            }
        }
    }

    private static func count(_ earned: Int, right: Bool, question: Int, for player: inout ClassroomPlayer) {
        if right { player.rightCount += 1 }
        player.points[question] = earned
        player.score += earned
    }
}
