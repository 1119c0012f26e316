import Foundation
import Signals

/// A player's two actions in the round: opening a question (self-paced: the only way to see
/// it before answering) and answering it.
extension ClassroomRound {
    /// What opening a question shows: the question and, timed, when the player's time ends.
    public struct Opened: Codable, Hashable, Sendable {
        public var question: RoundQuestion.Shown
        /// When the 3-2-1 ends (ms, server clock).
        public var startsAt: Int64
        /// When their time ends (ms, server clock), or null without a timer.
        @Nullable public var deadline: Int64?
    }

    /// Opens question `number` for player `playerID` and shows it. Self-paced, it must be their
    /// next question (not answered, not over, not closed); it opens now and their own timer
    /// starts (opening it again gives no more time). Host-paced, it must be
    /// the room's open question. `round`, when given, must be the round being played.
    public func open(playerID: Int, round: Int? = nil, question number: Int) throws(ModelError) -> Opened {
        try checkRound(round)
        guard room.isPlaying else { throw .conflict("La ronda no está en marcha.") }
        guard let question = question(number) else { throw .invalid("La ronda no tiene pregunta \(number).") }
        guard let player = players[playerID] else { throw .unknownItem(.player, id: playerID) }
        guard !room.closedQuestions.contains(number) else { throw .conflict("La pregunta \(number) ya está cerrada.") }
        if room.isSelfPaced {
            let mine = player.progress.value
            guard mine.answers[number] == nil else { throw .conflict("Ya has respondido a esta pregunta.") }
            guard !mine.missed.contains(number) else { throw .conflict(Self.timeIsUp) }
            if let next = nextQuestion(of: mine), next != number { throw .conflict("Ve en orden: tu pregunta es la \(next).") }
            // The player chose to open it: no 3-2-1, their time starts now.
            let starts = clock.now()
            progress.open(number, for: playerID, at: starts)
            player.progress.update {
                $0.opened[number] = $0.opened[number] ?? starts
                $0.asked.insert(number)
            }
        } else if let current = room.hostPacedQuestion {
            if number > current { throw .conflict("Espera: todavía vamos por la pregunta \(current).") }
            if number < current { throw .conflict("La pregunta \(number) ya está cerrada: vamos por la \(current).") }
        }
        let starts = progress.opened(number, for: playerID, selfPaced: room.isSelfPaced) ?? clock.now()
        return Opened(
            question: question.shown, startsAt: QuestionDeadline.milliseconds(starts),
            deadline: deadline(for: playerID, question: number).map(QuestionDeadline.milliseconds))
    }

    /// Throws unless `round` (nil: not said) is the id of the round being played: an answer kept
    /// through an outage must never land in the next round's question of the same number.
    func checkRound(_ round: Int?) throws(ModelError) {
        guard let round, round != room.roundID else { return }
        throw .conflict(Self.otherRound)
    }

    /// The message of an answer or an opening meant for another round.
    public nonisolated static let otherRound = "Esa respuesta era de una ronda anterior: esta ronda es otra."

    /// Judges player `playerID`'s answer `given` to question `number` and records it: once per
    /// question, only while it is open for them (after the 3-2-1, before their time is up and
    /// before it closes; host-paced, only the room's question; self-paced, once they opened it).
    /// The quiz server's questions are judged by the server (the question waits for the check to
    /// close). `round`, when given, must be the round being played (`checkRound`). Returns whether
    /// it was right (nil: a poll) and its points.
    public func answer(playerID: Int, round: Int? = nil, question number: Int, given: GivenAnswer) async throws(ModelError) -> Verdict {
        try checkRound(round)
        // Checked once; only a quiz server's check, which suspends, checks again after it.
        var leave = try room.checkMayAnswer(playerID: playerID, number: number)
        guard let question = question(number), let player = players[playerID] else {
            throw .conflict("La ronda no tiene pregunta \(number).")
        }
        // Over for them (self-paced, their time ran out) is over on every path, host-paced too.
        if player.progress.value.missed.contains(number) { throw .conflict(Self.timeIsUp) }
        let shaped = try ModelError.checking { () throws(QuestionSetError) in try given.shaped(for: question.shown.kind) }
        let elapsed = try onTime(playerID: playerID, number: number)
        let right: Bool?
        let text: String
        if let quiz = question.quiz {
            right = try ModelError.checking { () throws(QuestionSetError) in try quiz.judge(shaped) }
            text = quiz.answerText(shaped)
        } else {
            guard case .text(let typed) = shaped, let serverID = question.serverID else {
                throw .invalid("La respuesta a esta pregunta es un texto.")
            }
            text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            let questions = self.questions
            // The question waits for this check to close: the answer came in time.
            pendingChecks[number, default: 0] += 1
            defer {
                pendingChecks[number, default: 1] -= 1
                tick()
            }
            do throws(RemoteError) {
                right = try await quizClient.check(quizID: serverID, answer: typed).result
            } catch {
                throw .remote(error)
            }
            guard self.questions == questions, room.isPlaying else {
                throw .conflict("La ronda terminó antes de comprobar tu respuesta.")
            }
            // While the server checked, the host may have moved on or the player answered again.
            leave = try room.checkMayAnswer(playerID: playerID, number: number)
        }
        let picks = question.quiz?.pickedOptions(shaped) ?? []
        return keep(player, leave, text: text, right: right, picks: picks, elapsed: elapsed)
    }

    /// Records an answer given `elapsed` seconds after its question opened: its points in the
    /// room, the player's view, the chart's count, the recorder; a question everybody answered
    /// closes.
    private func keep(
        _ player: PlayerRound, _ leave: Classroom.MayAnswer, text: String, right: Bool?, picks: [Int], elapsed: Double
    ) -> Verdict {
        let number = leave.number
        let factor = timeFactor(of: player.id)
        let allowed = progress.timing?.allowed(factor: factor) ?? 0
        let points = progress.timing?.points(right: right == true, elapsed: elapsed, allowed: allowed) ?? (right == true ? 1 : 0)
        // Host-paced, the points count when the question closes, for everybody together.
        let held = !room.isSelfPaced
        let kept = batch { () -> ClassroomPlayer in
            let kept = room.record(leave, right: right, points: points, held: held)
            player.progress.update { $0.answers[number] = PlayerRound.Answer(text: text, right: right, points: points, picks: picks, counted: !held) }
            if !held { moveRanks() }
            return kept
        }
        progress.record(number, playerID: player.id, text: text, right: right == true, picks: picks)
        if let recordedRound {
            recorder?.answered(
                RoundAnswer(
                    playerID: player.id, name: kept.name, question: number, answer: text, right: right == true,
                    seconds: elapsed, points: points),
                inRound: recordedRound)
        }
        tick()
        return Verdict(result: right, points: points, held: held)
    }

    /// Self-paced: the first question a player has neither answered nor missed, and that is not
    /// closed; nil when there is none.
    func nextQuestion(of mine: PlayerRound.Progress) -> Int? {
        let closed = room.closedQuestions
        return (0..<questions.count).map { $0 + 1 }.first {
            mine.answers[$0] == nil && !mine.missed.contains($0) && !closed.contains($0)
        }
    }
}
