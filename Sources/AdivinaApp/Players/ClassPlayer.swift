import Foundation
import HTTPServer
import Models

/// A player in class, as the server keeps them: their id in the room, their one live topic (their
/// view of the round, `round`, named `player/<id>/round` in the hub) and the round they play.
///
/// This is all a class player has. The single-player apps' models are the local mode's
/// (`PlayerModels`): a class player can't reach them (`RouteAccess`), so none is made for them.
@MainActor
final class ClassPlayer {
    /// The player's public id in the room.
    let playerID: Int
    /// The player's view of the round, published on the hub.
    let topic: LiveTopic
    /// The round (the session owns it; it outlives the player).
    private unowned let round: ClassroomRound

    /// Player `playerID` of `round`, publishing their view on `hub`; nil when the round does not
    /// know them.
    init?(playerID: Int, round: ClassroomRound, hub: SSEHub) {
        guard let view = round.view(of: playerID) else { return nil }
        self.playerID = playerID
        self.round = round
        topic = LiveTopic(
            name: Topic.round.hubName(playerID: playerID), event: Topic.round.rawValue, json: view.json, changes: view.view, hub: hub,
            qos: .utility)
    }

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
