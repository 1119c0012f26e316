import Foundation
import Signals

extension RoundView {
    /// The signals a player's view reads, read-only (the room's, the round's and the player's
    /// own: `ClassroomRound.viewInputs`), and how it is made of them.
    struct Inputs: Sendable {
        let room: Classroom.ReadOnlySignals
        let questions: any ReadableSignal<[RoundQuestion]>
        /// Every player's place, by id (`ClassroomRound.moveRanks`).
        let ranks: any ReadableSignal<[Int: Int]>
        let extraTime: any ReadableSignal<[Int: Double]>
        let progress: any ReadableSignal<PlayerRound.Progress>
        let playerID: Int
        /// Who the player is: their name and their code to come back (fixed when they join).
        let name: String
        let rejoinCode: String

        /// The view as the signals are now.
        func view() -> RoundView {
            let ranks = self.ranks.value
            let mine = progress.value
            let closed = room.closed.value
            // Host-paced, an answer counts once its question closed, for everybody together.
            let counted = mine.answers.filter { $0.value.counted || closed.contains($0.key) }.values
            // Their own points and right answers at once; their place when the ranks move.
            var view = RoundView(
                phase: "lobby", round: room.round.value, question: 0, total: room.total.value, selfPaced: room.selfPaced.value, kind: nil, text: nil, markdown: false, image: nil,
                options: [], multiple: false, startsAt: nil, deadline: nil, answered: false, given: nil, verdict: nil,
                score: counted.reduce(0) { $0 + $1.points }, rightCount: counted.count { $0.right == true },
                asked: mine.askedCount, previous: nil,
                rank: ranks[playerID] ?? 0, players: ranks.count, name: name, rejoinCode: rejoinCode)
            switch room.phase.value {
            case .lobby: return view
            case .finished:
                view.phase = "finished"
                view.question = room.total.value
                return view
            case .playing: break
            }
            let number: Int
            if room.selfPaced.value {
                view.previous = Self.previous(mine, questions: self.questions.value)
                guard let next = (1...max(1, room.total.value)).first(where: {
                    mine.answers[$0] == nil && !mine.missed.contains($0) && !closed.contains($0)
                }), room.total.value > 0 else {
                    view.phase = "done"
                    view.question = room.total.value
                    return view
                }
                number = next
            } else {
                number = room.current.value
            }
            view.question = number
            let questions = questions.value
            guard questions.indices.contains(number - 1) else { return view }
            let question = questions[number - 1]
            view.kind = question.shown.kind
            let answer = mine.answers[number]
            view.answered = answer != nil
            view.given = answer?.text
            let startsAt: Date?
            if room.selfPaced.value {
                startsAt = mine.opened[number]
                view.phase = startsAt == nil ? "unopened" : "question"
            } else {
                startsAt = room.open.value?.number == number ? room.open.value.map { Date(timeIntervalSince1970: Double($0.startsAt) / 1000) } : nil
                view.phase = closed.contains(number) || mine.missed.contains(number) ? "closed" : "question"
                // Joined once it had closed: never asked it, nothing to judge; they wait for the next.
                if view.phase == "closed", answer == nil, !mine.asked.contains(number) {
                    view.phase = "waiting"
                    return view
                }
            }
            guard view.phase != "unopened" else { return view }
            view.text = question.shown.text
            view.markdown = question.shown.markdown
            view.image = question.shown.image
            view.options = question.shown.options
            view.multiple = question.shown.multiple
            if view.phase == "question", let startsAt {
                view.startsAt = QuestionDeadline.milliseconds(startsAt)
                view.deadline = room.timing.value.map { QuestionDeadline.milliseconds(startsAt.addingTimeInterval($0.allowed(factor: extraTime.value[playerID] ?? 1))) }
            }
            if view.phase == "closed" {
                let chart = room.chart.value?.question == number ? room.chart.value : nil
                view.verdict = Verdict(
                    right: answer?.right ?? (question.shown.kind == .poll ? nil : false), points: answer?.points ?? 0,
                    rightAnswer: question.rightAnswer ?? chart?.correctAnswer,
                    rightOptions: chart?.options.indices.filter { chart?.options[$0].right == true } ?? [],
                    feedback: question.quiz?.feedback, answerFeedback: Self.feedback(of: answer?.picks ?? [], in: question.quiz))
            }
            return view
        }

        /// Self-paced, how the last question answered or out of time went, or nil.
        static func previous(_ mine: PlayerRound.Progress, questions: [RoundQuestion]) -> Previous? {
            guard let last = mine.missed.union(mine.answers.keys).max(), questions.indices.contains(last - 1) else { return nil }
            let answer = mine.answers[last]
            return Previous(
                question: last, timedOut: answer == nil, right: answer?.right, points: answer?.points ?? 0,
                rightAnswer: questions[last - 1].rightAnswer)
        }

        /// The feedback of options `picks` of a choice `quiz`, one per line, or nil.
        static func feedback(of picks: [Int], in quiz: SetQuiz?) -> String? {
            guard case .choice(let options)? = quiz?.answer else { return nil }
            let lines = picks.compactMap { options.indices.contains($0) ? options[$0].feedback : nil }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
    }
}
