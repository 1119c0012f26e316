import Foundation
import Signals

/// The round's clock: when questions open and close, the 3-2-1, the timer, extra time and the
/// charts.
///
/// Host-paced, a question opens for the room (its 3-2-1, then its time) and closes when the host
/// moves on, when every active player has answered, or (timed) when the time of every player who
/// has not answered is up — a player with extra time keeps it open for themselves; then the room
/// shows the chart and every view its verdict. Self-paced, each player's question opens when
/// they open it and their own timer runs from then; a question whose time ran out is over for
/// them; questions close for the room at the end. A closed question never opens
/// again. An answer after its time is refused (`conflict`).
extension ClassroomRound {
    /// The message of an answer after its question's time.
    public nonisolated static let timeIsUp = "Se acabó el tiempo de esta pregunta."

    // MARK: Deadlines

    /// When player `playerID`'s time for question `number` ends (nil: no timer, or not opened
    /// for them yet).
    public func deadline(for playerID: Int, question number: Int) -> Date? {
        guard let timing = progress.timing, let opened = progress.opened(number, for: playerID, selfPaced: room.isSelfPaced) else {
            return nil
        }
        return opened.addingTimeInterval(timing.allowed(factor: timeFactor(of: playerID)))
    }

    /// When player `playerID`'s time for the question they are on ends, or nil.
    public func currentDeadline(for playerID: Int) -> Date? {
        players[playerID]?.view.value.deadline.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    /// Seconds since question `number` started for the player (after its 3-2-1); throws
    /// `conflict` when it is closed, has not started, or their time is up (self-paced: also
    /// when they never opened it).
    func onTime(playerID: Int, number: Int) throws(ModelError) -> Double {
        if room.closedQuestions.contains(number) { throw .conflict(Self.timeIsUp) }
        let at = clock.now()
        guard let opened = progress.opened(number, for: playerID, selfPaced: room.isSelfPaced) else {
            throw .conflict("Abre primero la pregunta para que empiece tu tiempo.")
        }
        if at < opened { throw .conflict("Espera a que termine la cuenta atrás.") }
        if let end = deadline(for: playerID, question: number), at > end { throw .conflict(Self.timeIsUp) }
        return max(0, at.timeIntervalSince(opened))
    }

    // MARK: Opening and closing

    /// Question `number` opens for the room (host-paced; once: a later call keeps its first
    /// opening): it shows on the projector after its 3-2-1, with its countdown when timed; the
    /// next closing is scheduled. Self-paced or closed, nothing opens (the room shows none).
    func openQuestion(_ number: Int) {
        guard room.isPlaying else { return }
        guard room.hostPacedQuestion == number, !room.closedQuestions.contains(number), let question = question(number) else {
            scheduleClosing()
            return
        }
        progress.open(number, at: clock.now().addingTimeInterval(clock.getReady))
        let starts = progress.roomOpening(number) ?? clock.now()
        // One wave for every player's view and the room's, not one per player.
        batch {
            for player in players.values where !player.progress.value.asked.contains(number) {
                player.progress.update { _ = $0.asked.insert(number) }
            }
            room.open(
                OpenQuestion(question.shown, startsAt: starts),
                deadline: progress.timing.map { QuestionDeadline(question: number, openedAt: starts, seconds: $0.seconds) })
        }
        scheduleClosing()
    }

    /// Closes question `number` for the room (host-paced) for good: the chart, every view's verdict.
    func closeQuestion(_ number: Int) {
        guard !room.closedQuestions.contains(number) else { return }
        batch {
            room.close(number, chart: progress.chart(number, of: question(number), players: room.roster.count))
            refreshRanks()
        }
    }

    /// Closes what is due now: host-paced, the current question once every active player
    /// answered or (timed) everybody's time is up; self-paced, a player's open question whose
    /// time is up is over for them. Then schedules the next closing. The timer and every answer
    /// call it; tests on a test clock call it after moving the clock.
    public func tick() {
        guard room.isPlaying else { return }
        let at = clock.now()
        if let number = room.hostPacedQuestion {
            if !room.closedQuestions.contains(number), pendingChecks[number, default: 0] == 0,
               let due = closingTime(of: number), at >= due
            {
                closeQuestion(number)
            }
        } else if progress.timing != nil {
            batch {
                for player in players.values {
                    guard let number = nextQuestion(of: player.progress.value), let end = deadline(for: player.id, question: number),
                          at >= end, pendingChecks[number, default: 0] == 0
                    else { continue }
                    player.progress.update { _ = $0.missed.insert(number) }
                }
            }
        }
        scheduleClosing()
    }

    /// When the room's question `number` closes by itself (host-paced): at once when every
    /// active player answered; timed, when the last unanswered player's time is up; untimed, never.
    /// It runs on every answer (twice), so it reads the roster in one pass without copying its
    /// rows: at 1,000 players the copies were most of an answer's time.
    func closingTime(of number: Int) -> Date? {
        guard let opened = progress.roomOpening(number) else { return nil }
        let answered = progress.answered(number)
        let extraTime = extraTime
        let roster = room.roster
        var anyActive = false
        var longest: Double?  // the longest extra time of the active players still to answer
        for index in roster.indices where !roster[index].away {
            anyActive = true
            let id = roster[index].id
            if !answered.contains(id) { longest = max(longest ?? 0, extraTime[id] ?? 1) }
        }
        if anyActive, longest == nil { return opened }
        guard let timing = progress.timing else { return nil }
        return opened.addingTimeInterval(timing.allowed(factor: longest ?? 1))
    }

    /// The next moment something closes by itself, or nil.
    private func nextDue() -> Date? {
        guard room.isPlaying, progress.timing != nil else { return nil }
        if let number = room.hostPacedQuestion {
            return room.closedQuestions.contains(number) ? nil : closingTime(of: number)
        }
        return players.values.compactMap { player in
            nextQuestion(of: player.progress.value).flatMap { deadline(for: player.id, question: $0) }
        }.min()
    }

    /// Arms the task that closes the next question when its time is up.
    func scheduleClosing() {
        closingTask?.cancel()
        closingTask = nil
        guard clock.closesOnTime, let due = nextDue() else { return }
        let delay = max(0, due.timeIntervalSince(clock.now()))
        closingTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up)) + 1))
            guard !Task.isCancelled else { return }
            self?.tick()
        }
    }
}
