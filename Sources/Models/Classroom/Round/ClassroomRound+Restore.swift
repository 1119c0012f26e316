import Foundation
import Signals

/// Taking back a room kept before a restart (issue 36, point 3): its players, and the round in
/// play resumed (`resume`) or, interrupted for good, shown closed (`restore`).
extension ClassroomRound {
    /// Takes back the room's `players` (ids, names, tokens, rejoin codes, released names), and,
    /// when the round being played was interrupted by the stop, that round as the results kept
    /// it: shown finished with its podium, each player's points the sum of their answers kept
    /// (an open question's answers count: it is closed). `lastRound`: the latest round's id in
    /// the results, so that the room's round ids keep growing across restarts. `set`: the
    /// interrupted round's set as it is now, picked again for the next round; when a quizzes
    /// round's set is gone, no game is picked (the host picks one: «Empezar» never falls back to
    /// the quiz server).
    public func restore(_ players: [ClassroomPlayer], interrupted: RoundRecord?, set: QuizSet? = nil, lastRound: Int) {
        let restored = interrupted.map { Self.tally(players, answers: $0.answers, held: { _ in false }) } ?? players
        let setGone = interrupted?.game == .quizzes && interrupted?.setID != nil && set == nil
        let picked = interrupted?.game == .quizzes ? set : nil
        room.restore(
            restored, round: lastRound, game: setGone ? nil : interrupted?.game, questionCount: interrupted?.questions.count ?? 0,
            finished: interrupted != nil, set: picked.map(ChosenSet.init))
        if let picked { chosenSet = picked }
        for player in restored { seat(player) }
    }

    /// Takes back the room's `players` and goes on with the round `kept` in play: the room in its
    /// phase at the same question, the pace, the lock, the timer, the extra time and each
    /// player's progress as they were, the answers given still given (nobody answers twice; the
    /// points held for the open question count when it closes). The room's open question opens
    /// again with the time it had left when the round was last known alive (`KeptRound.lastAlive`),
    /// after a new 3-2-1 counted from now; so does a self-paced player's open question. `set`:
    /// the round's set as it is now, picked for the next round (nil: none, or gone).
    public func resume(_ players: [ClassroomPlayer], kept: KeptRound, set: QuizSet?) {
        let saved = kept.checkpoint
        let now = clock.now()
        let lastAlive = kept.lastAlive
        let current = saved.current
        let holding = !saved.selfPaced && !saved.closed.contains(current)
        let restored = Self.tally(players, answers: kept.answers, held: { holding && $0 == current })
        progress = RoundProgress(timing: saved.timing)
        pendingChecks = [:]
        recordedRound = kept.id
        chosenSet = saved.game == .quizzes ? set : nil
        for (number, opened) in saved.roomOpened {
            // The room's open question: its time left when it stopped, after a new 3-2-1.
            let open = holding && number == current
            progress.open(number, at: open ? Self.reopened(opened, lastAlive: lastAlive, now: now, lead: clock.getReady) : opened)
        }
        for answer in kept.answers {
            progress.record(answer.question, playerID: answer.playerID, text: answer.answer, right: answer.right, picks: answer.picks)
        }
        batch {
            takeBack(questions: saved.questions, extraTime: saved.extraTime.filter { id, _ in restored.contains { $0.id == id } })
            // The room's question shows its chart again when its answer was shown.
            let chart = saved.closed.contains(current) && !saved.selfPaced
                ? progress.chart(current, of: question(current), players: restored.count) : nil
            room.resume(
                restored, round: saved.room, game: saved.game, set: saved.set, questionCount: saved.questions.count,
                current: current, closed: saved.closed, selfPaced: saved.selfPaced, locked: saved.locked, timing: saved.timing,
                chart: chart)
            for player in restored { resumeProgress(of: player, kept: kept, lastAlive: lastAlive, now: now) }
            refreshRanks()
        }
        openQuestion(current)
        tick()
        // What a second restart goes on from: the openings as they are now.
        keepCheckpoint(progressOf: self.players.values)
    }

    /// Seats `player` with their progress kept in `kept`: their openings (self-paced, the one
    /// still open with the time it had left at `lastAlive`), missed and asked questions, and
    /// their answers.
    private func resumeProgress(of player: ClassroomPlayer, kept: KeptRound, lastAlive: Date, now: Date) {
        seat(player)
        guard let seated = players[player.id] else { return }
        let saved = kept.checkpoint
        let mine = kept.progress[player.id]
        var resumed = PlayerRound.Progress()
        resumed.missed = mine?.missed ?? []
        resumed.asked = mine?.asked ?? []
        for answer in kept.answers where answer.playerID == player.id {
            let poll = question(answer.question)?.shown.kind == .poll
            resumed.answers[answer.question] = PlayerRound.Answer(
                text: answer.answer, right: poll ? nil : answer.right, points: answer.points, picks: answer.picks,
                counted: player.held[answer.question] == nil)
        }
        for (number, opened) in mine?.opened ?? [:] {
            // A question open for them when it stopped (not answered, not missed) keeps the time it had left.
            let open = resumed.answers[number] == nil && !resumed.missed.contains(number) && !saved.closed.contains(number)
            let reopened = open ? Self.reopened(opened, lastAlive: lastAlive, now: now, lead: 0) : opened
            resumed.opened[number] = reopened
            progress.open(number, for: player.id, at: reopened)
        }
        seated.resume(resumed)
    }

    /// When a question that opened at `opened` opens again `now`, after `lead` seconds (its
    /// 3-2-1), so that it has the time it had left at `lastAlive`: as much as it had used is
    /// used already (none when it stopped before it began).
    private static func reopened(_ opened: Date, lastAlive: Date, now: Date, lead: TimeInterval) -> Date {
        now.addingTimeInterval(lead - max(0, lastAlive.timeIntervalSince(opened)))
    }

    /// `players` with the points of `answers`: `held(question)` ones held until their question
    /// closes (host-paced, its open question), the others counted.
    private static func tally(_ players: [ClassroomPlayer], answers: [RoundAnswer], held: (Int) -> Bool) -> [ClassroomPlayer] {
        var tallied = players
        for index in tallied.indices {
            for answer in answers where answer.playerID == tallied[index].id {
                tallied[index].answered.insert(answer.question)
                if held(answer.question) {
                    tallied[index].held[answer.question] = ClassroomPlayer.HeldAnswer(points: answer.points, right: answer.right)
                } else {
                    tallied[index].points[answer.question] = answer.points
                    tallied[index].score += answer.points
                    if answer.right { tallied[index].rightCount += 1 }
                }
            }
        }
        return tallied
    }
}
