import Foundation
import Signals

/// Keeping what the round in play needs to go on after a restart (issue 36, point 3): each
/// change of the room's question, of a question's opening or closing, of the pace, the lock or
/// a player's extra time reports the round's `RoundCheckpoint` to the recorder, and each change
/// of a player's openings, missed or asked questions their `PlayerCheckpoint`; the recorder keeps
/// them after the answers reported before (the results store's queue: nothing waits on the disk).
extension ClassroomRound {
    /// Reports the round's checkpoint and the progress of `players` (default: none) to the
    /// recorder, while a recorded round is played.
    func keepCheckpoint(progressOf changed: some Sequence<PlayerRound> = [PlayerRound]()) {
        guard let recorder, let recordedRound, room.isPlaying, let game = room.picked.game else { return }
        let now = clock.now()
        let checkpoint = RoundCheckpoint(
            room: room.roundID, game: game, set: room.shownSet, questions: questions, current: room.currentQuestionNumber,
            closed: room.closedQuestions, selfPaced: room.isSelfPaced, locked: room.isLocked, timing: progress.timing,
            extraTime: extraTime, roomOpened: progress.roomOpenings, savedAt: now)
        recorder.roundChanged(recordedRound, checkpoint: checkpoint, progress: Self.checkpoints(of: changed, at: now))
    }

    /// The app stops cleanly: the round in play is kept as of now, so that after the restart its
    /// open questions have the time they had left at this moment (`KeptRound.lastAlive`).
    public func stopping() {
        keepCheckpoint()
    }

    /// Reports the progress of `players` alone (a player opened a question, or missed one).
    func keepProgress(of changed: some Sequence<PlayerRound>) {
        guard let recorder, let recordedRound, room.isPlaying else { return }
        let progress = Self.checkpoints(of: changed, at: clock.now())
        guard !progress.isEmpty else { return }
        recorder.roundChanged(recordedRound, checkpoint: nil, progress: progress)
    }

    private static func checkpoints(of players: some Sequence<PlayerRound>, at now: Date) -> [Int: PlayerCheckpoint] {
        var kept: [Int: PlayerCheckpoint] = [:]
        for player in players {
            let mine = player.progress
            kept[player.id] = PlayerCheckpoint(opened: mine.opened, missed: mine.missed, asked: mine.asked, savedAt: now)
        }
        return kept
    }
}
