import Foundation
import Signals

/// One player's part of the round: what they opened (self-paced), answered and missed, and their
/// view of the round (`RoundView`) as one `Computed` over the room's signals and theirs — the
/// topic `round` publishes its bytes.
@MainActor
final class PlayerRound {
    /// One of the player's answers, as judged.
    struct Answer: Hashable, Sendable {
        var text: String
        var right: Bool?
        var points: Int
        /// The options it picked (0-based; a choice, true/false or poll), for its own feedback.
        var picks: [Int] = []
        /// Whether it counts in their score already (self-paced); host-paced, it counts once
        /// its question closed.
        var counted = true
    }

    /// What the player did in the current round.
    struct Progress: Hashable, Sendable {
        /// When each question opened for them (self-paced; after its 3-2-1).
        var opened: [Int: Date] = [:]
        /// Their answers, by question.
        var answers: [Int: Answer] = [:]
        /// Questions whose time ran out for them before they answered (self-paced).
        var missed: Set<Int> = []
        /// The questions that opened for them while they were in the class (host-paced, the
        /// room's; self-paced, the ones they opened): their "n de m" counts these.
        var asked: Set<Int> = []

        /// How many questions they were asked (or answered): the "m" of their "n de m".
        var askedCount: Int { asked.union(answers.keys).count }
    }

    /// The player's id in the room.
    let id: Int
    let progress = State(Progress())
    /// Their view of the round.
    let view: Computed<RoundView>
    /// `view` as JSON, encoded once per change.
    let viewJSON: Computed<Data>

    /// The part of player `player` in `round`.
    init(player: ClassroomPlayer, round: ClassroomRound) {
        id = player.id
        let inputs = round.viewInputs(progress: progress, player: player)
        view = Computed { inputs.view() }
        let view = self.view
        viewJSON = Computed { SnapshotEncoding.encode(view.value) }
    }
}
