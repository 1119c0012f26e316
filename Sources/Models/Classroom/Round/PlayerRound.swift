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
    private let progressState = State(Progress())
    /// Their view of the round.
    let view: Computed<RoundView>
    /// `view` as JSON, encoded once per change.
    let viewJSON: Computed<Data>

    /// The part of player `player` in `round`.
    init(player: ClassroomPlayer, round: ClassroomRound) {
        id = player.id
        let inputs = round.viewInputs(progress: progressState, player: player)
        view = Computed { inputs.view() }
        let view = self.view
        viewJSON = Computed { SnapshotEncoding.encode(view.value) }
    }

    /// What the player did in the current round, read without subscribing.
    var progress: Progress { progressState.value }

    /// A new round: nothing opened, answered, missed or asked yet.
    func reset() {
        progressState.value = Progress()
    }

    /// Their progress as it was kept before a restart (`ClassroomRound.resume`).
    func resume(_ progress: Progress) {
        progressState.value = progress
    }

    /// Question `number` was asked of them (it opened while they were in the class).
    func ask(_ number: Int) {
        guard !progressState.value.asked.contains(number) else { return }
        progressState.update { _ = $0.asked.insert(number) }
    }

    /// Question `number` opened for them at `date` (self-paced; the first opening counts) and
    /// was asked of them.
    func open(_ number: Int, at date: Date) {
        progressState.update {
            $0.opened[number] = $0.opened[number] ?? date
            $0.asked.insert(number)
        }
    }

    /// Keeps their `answer` to question `number`.
    func answered(_ number: Int, _ answer: Answer) {
        progressState.update { $0.answers[number] = answer }
    }

    /// Their time for question `number` ran out before they answered (self-paced).
    func missed(_ number: Int) {
        progressState.update { _ = $0.missed.insert(number) }
    }
}
