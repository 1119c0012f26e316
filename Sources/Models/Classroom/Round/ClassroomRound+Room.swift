import Foundation
import Signals

/// The room through its one facade: what the app reads of it (the leaderboard and its bytes,
/// who is who) and the host's settings that touch no question (closing the room, the results'
/// problem). The rest of the room's changes are the round's moves (`ClassroomRound`).
extension ClassroomRound {
    /// The public state of the room (`Classroom.snapshot`).
    public var snapshot: Computed<ClassroomSnapshot> { room.snapshot }
    /// `snapshot` as JSON, encoded once per change.
    public var snapshotJSON: Computed<Data> { room.snapshotJSON }
    /// The question whose chart the room shows (0: none): it changes when a question closes.
    public var chartQuestion: Computed<Int> { room.chartQuestion }
    /// Every player, read without subscribing (a view reads `room.players`).
    public var roster: [ClassroomPlayer] { room.roster }

    /// The player whose session token is `token`, or nil.
    public func player(token: String) -> ClassroomPlayer? { room.player(token: token) }

    /// The player with the public id `id`, or nil, read without subscribing.
    public func player(id: Int) -> ClassroomPlayer? { room.unobservedPlayer(id: id) }

    /// Whether `key` is the host key (compared in constant time).
    public func isHost(_ key: String) -> Bool { room.isHost(key) }

    /// Closes the room to newcomers (`true`: a join is refused) or opens it again.
    public func setLocked(_ locked: Bool, hostKey: String) throws(ModelError) {
        try room.setLocked(locked, hostKey: hostKey)
    }

    /// Shows the host why the results cannot be written, in Spanish (nil: they are written again).
    public func showResultsProblem(_ problem: String?) {
        room.showResultsProblem(problem)
    }
}
