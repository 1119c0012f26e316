import Foundation

/// One row of a kept round's answers as the files list them (`RoundResultsCSV`,
/// `RoundResultsWorkbook`): a player and a question, and what they answered to it (nil: nothing).
struct RoundAnswerRow {
    var player: RoundPlayer
    /// The question's number (1-based) and text.
    var number: Int
    var question: String
    var answer: RoundAnswer?

    /// Every player and question of `record`: players by name (case and accents aside, then by
    /// id), questions in order; the one table both files render.
    static func rows(of record: RoundRecord) -> [RoundAnswerRow] {
        var given: [Int: [Int: RoundAnswer]] = [:]
        for answer in record.answers { given[answer.playerID, default: [:]][answer.question] = answer }
        let players = record.players.sorted {
            let order = $0.name.compare($1.name, options: [.caseInsensitive, .diacriticInsensitive])
            return order == .orderedSame ? $0.id < $1.id : order == .orderedAscending
        }
        return players.flatMap { player in
            record.questions.enumerated().map { offset, question in
                RoundAnswerRow(player: player, number: offset + 1, question: question, answer: given[player.id]?[offset + 1])
            }
        }
    }
}
