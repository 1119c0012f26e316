import Foundation

/// The round's clock: when questions open and close, the timer, extra time and the charts.
///
/// Host-paced, a question closes when the host moves on, when every player has answered, or
/// (timed) when the time of every player who has not answered is up — a player with extra time
/// keeps it open for themselves; then the room shows the chart and trivia games their right
/// answer. Self-paced, each player's question opens for them (trivia: when they reach it;
/// quizzes: `openQuestion(playerID:number:)`) and their own timer runs from then; questions
/// close for the room at the end. An answer after its time is refused (`conflict`).
extension ClassroomRound {
    /// The message of an answer after its question's time.
    public nonisolated static let timeIsUp = "Se acabó el tiempo de esta pregunta."

    // MARK: Extra time

    /// The extra time of player `playerID` (1, 1.5 or 2).
    public func timeFactor(of playerID: Int) -> Double {
        timeFactors[playerID] ?? 1
    }

    /// The extra time the host gave each player who has some, by id.
    public var extraTime: [Int: Double] { timeFactors }

    /// Gives player `playerID` `factor` times the time of every question (1, 1.5 or 2); their
    /// speed points are computed on their own longer timer.
    public func setTimeFactor(_ factor: Double, playerID: Int, hostKey: String) throws(ModelError) {
        try room.requireHost(hostKey)
        guard RoundTiming.timeFactors.contains(factor) else {
            throw .invalid("El tiempo extra debe ser ×1, ×1,5 o ×2.")
        }
        guard room.unobservedPlayer(id: playerID) != nil else { throw .unknownItem(.player, id: playerID) }
        timeFactors[playerID] = factor == 1 ? nil : factor
        scheduleClosing()
    }

    // MARK: Deadlines

    /// When player `playerID`'s time for question `number` ends (nil: no timer, or not opened
    /// for them yet).
    public func deadline(for playerID: Int, question number: Int) -> Date? {
        guard let timing = progress.timing, let opened = progress.opened(number, for: playerID, selfPaced: room.selfPacedState.value) else {
            return nil
        }
        return opened.addingTimeInterval(timing.allowed(factor: timeFactor(of: playerID)))
    }

    /// When player `playerID`'s time for the question they are on ends: host-paced, the room's
    /// question; self-paced trivia, theirs; else (no timer, self-paced quizzes) nil.
    public func currentDeadline(for playerID: Int) -> Date? {
        guard room.phaseState.value == .playing else { return nil }
        if !room.selfPacedState.value {
            let number = room.currentState.value
            return progress.closed.contains(number) ? nil : deadline(for: playerID, question: number)
        }
        guard room.gameState.value == .trivia, let game = seats[playerID]?.trivia, game.phaseSignal.value == .playing else {
            return nil
        }
        return deadline(for: playerID, question: game.snapshot.value.number)
    }

    /// Self-paced quizzes: question `number` opens for player `playerID` now (the first time
    /// counts: reopening it gives no more time). Returns when their time ends (nil: no timer).
    @discardableResult
    public func openQuestion(playerID: Int, number: Int) throws(ModelError) -> Date? {
        guard room.phaseState.value == .playing, (1...room.totalState.value).contains(number) else {
            throw .conflict("La ronda no tiene pregunta \(number) abierta.")
        }
        guard room.unobservedPlayer(id: playerID) != nil else { throw .unknownItem(.player, id: playerID) }
        if room.selfPacedState.value { progress.open(number, for: playerID, at: now()) }
        return deadline(for: playerID, question: number)
    }

    /// Seconds since question `number` opened for the player; throws `conflict` when it is
    /// closed or their time is up (timed, self-paced: also when it never opened for them).
    func onTime(playerID: Int, number: Int) throws(ModelError) -> Double {
        if !room.selfPacedState.value, progress.closed.contains(number) { throw .conflict(Self.timeIsUp) }
        let at = now()
        guard let opened = progress.opened(number, for: playerID, selfPaced: room.selfPacedState.value) else {
            if progress.timing != nil { throw .conflict("Abre primero la pregunta para que empiece tu tiempo.") }
            return 0
        }
        if let end = deadline(for: playerID, question: number), at > end { throw .conflict(Self.timeIsUp) }
        return max(0, at.timeIntervalSince(opened))
    }

    // MARK: Opening and closing

    /// Question `number` opens for the room now (its countdown in the room's state, timed and
    /// host-paced), and the next closing is scheduled.
    func openQuestion(_ number: Int) {
        guard room.phaseState.value == .playing else { return }
        let at = now()
        progress.open(number, at: at)
        let opened = progress.roomOpening(number) ?? at
        let countdown = room.selfPacedState.value || progress.closed.contains(number)
            ? nil : progress.timing.map { QuestionDeadline(question: number, openedAt: opened, seconds: $0.seconds) }
        room.show(deadline: countdown, chart: room.chartState.value)
        scheduleClosing()
    }

    /// Closes question `number` for the room (host-paced): the chart, trivia's right answer.
    func closeQuestion(_ number: Int) {
        guard progress.close(number) else { return }
        let chart = progress.chart(number, players: room.playersState.value.count, correctAnswer: correctAnswer(of: number))
        room.show(deadline: nil, chart: chart)
        if room.gameState.value == .trivia {
            for seat in seats.values { seat.trivia.reveal(through: number) }
        }
    }

    /// Closes what is due now: host-paced, the current question once everybody answered or
    /// (timed) everybody's time is up; self-paced trivia, moves on the players whose time is up.
    /// Then schedules the next closing. The timer and every answer call it; tests on a test
    /// clock call it after moving the clock.
    public func tick() {
        guard room.phaseState.value == .playing else { return }
        let at = now()
        if !room.selfPacedState.value {
            let number = room.currentState.value
            if !progress.closed.contains(number), pendingChecks[number, default: 0] == 0,
               let due = closingTime(of: number), at >= due
            {
                closeQuestion(number)
            }
        } else if room.gameState.value == .trivia, progress.timing != nil {
            for (id, seat) in seats where seat.trivia.phaseSignal.value == .playing {
                let number = seat.trivia.snapshot.value.number
                if let end = deadline(for: id, question: number), at >= end {
                    seat.trivia.moveOn(to: number + 1, revealing: false)
                    progress.open(number + 1, for: id, at: at)
                }
            }
        }
        scheduleClosing()
    }

    /// When the room's question `number` closes by itself (host-paced): at once when every
    /// player answered; timed, when the last unanswered player's time is up; untimed, never.
    func closingTime(of number: Int) -> Date? {
        guard let opened = progress.roomOpening(number) else { return nil }
        let answered = progress.answered(number)
        let waiting = room.playersState.value.filter { !answered.contains($0.id) }
        if waiting.isEmpty && !room.playersState.value.isEmpty { return opened }
        guard let timing = progress.timing else { return nil }
        let longest = waiting.map { timeFactor(of: $0.id) }.max() ?? 1
        return opened.addingTimeInterval(timing.allowed(factor: longest))
    }

    /// The next moment something closes by itself, or nil.
    private func nextDue() -> Date? {
        guard room.phaseState.value == .playing, progress.timing != nil else { return nil }
        if !room.selfPacedState.value {
            let number = room.currentState.value
            return progress.closed.contains(number) ? nil : closingTime(of: number)
        }
        guard room.gameState.value == .trivia else { return nil }
        return seats.compactMap { id, seat in
            seat.trivia.phaseSignal.value == .playing ? deadline(for: id, question: seat.trivia.snapshot.value.number) : nil
        }.min()
    }

    /// Arms the task that closes the next question when its time is up.
    func scheduleClosing() {
        closingTask?.cancel()
        closingTask = nil
        guard closesOnTime, let due = nextDue() else { return }
        let delay = max(0, due.timeIntervalSince(now()))
        closingTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up)) + 1))
            guard !Task.isCancelled else { return }
            self?.tick()
        }
    }
}
