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
    func open(round id: Int?, question number: Int) throws(ModelError) -> ClassroomRound.Opened {
        try round.open(playerID: playerID, round: id, question: number)
    }

    /// The reply to an answer: `{"status":"recibida","result","points"}`; host-paced, `result`
    /// and `points` are null (nothing tells who was right before the question closes; the
    /// player's view tells them then), self-paced they are the answer's.
    struct Received: Encodable, Sendable {
        var status = "recibida"
        @Nullable var result: Bool?
        @Nullable var points: Int?
    }

    /// Judges the player's answer to question `number` (see `ClassroomRound.answer`).
    func answer(round id: Int?, question number: Int, given: GivenAnswer) async throws(ModelError) -> Received {
        let verdict = try await round.answer(playerID: playerID, round: id, question: number, given: given)
        return verdict.held ? Received() : Received(result: verdict.result, points: verdict.points)
    }
}
