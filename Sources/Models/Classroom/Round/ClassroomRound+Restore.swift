import Foundation
import Signals

/// Taking back a room kept before a restart (issue 36, point 3).
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
        var restored = players
        if let interrupted {
            for index in restored.indices {
                let answers = interrupted.answers.filter { $0.playerID == restored[index].id }
                restored[index].answered = Set(answers.map(\.question))
                restored[index].points = Dictionary(answers.map { ($0.question, $0.points) }, uniquingKeysWith: { $1 })
                restored[index].score = answers.reduce(0) { $0 + $1.points }
                restored[index].rightCount = answers.count { $0.right }
            }
        }
        let setGone = interrupted?.game == .quizzes && interrupted?.setID != nil && set == nil
        let picked = interrupted?.game == .quizzes ? set : nil
        room.restore(
            restored, round: lastRound, game: setGone ? nil : interrupted?.game, questionCount: interrupted?.questions.count ?? 0,
            finished: interrupted != nil, set: picked.map(ChosenSet.init))
        if let picked { chosenSet = picked }
        for player in restored { seat(player) }
    }
}
