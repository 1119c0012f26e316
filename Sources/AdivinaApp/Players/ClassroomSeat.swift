import Foundation
import Models

/// A classroom player's place: which player of which round a `PlayerModels` belongs to. The
/// round's routes answer through it.
@MainActor
struct ClassroomSeat {
    /// The round (the session owns it, and it outlives the player's models).
    unowned let round: ClassroomRound
    /// The player's public id in the room.
    let playerID: Int
    /// The longest answer a player may give in a class, in characters (the page's field says
    /// so): longer ones are refused with 400, so none weighs on the chart every screen gets.
    nonisolated static let maxAnswerLength = 200

    /// Opens question `number` for the player (see `ClassroomRound.open`).
    func open(question number: Int) throws(ModelError) -> ClassroomRound.Opened {
        try round.open(playerID: playerID, question: number)
    }

    /// Judges the player's answer to question `number` (see `ClassroomRound.answer`).
    func answer(question number: Int, given: GivenAnswer) async throws(ModelError) -> ClassroomRound.Verdict {
        try await round.answer(playerID: playerID, question: number, given: given)
    }
}
