import Foundation

/// One row of a kept round's answers as the files list them (`RoundResultsCSV`,
/// `RoundResultsWorkbook`): a player and a question, and what they answered to it (nil: nothing).
struct RoundAnswerRow {
    var player: RoundPlayer
    /// The question's number (1-based) and the question as it was asked.
    var number: Int
    var asked: RecordedQuestion
    /// The question's text.
    var question: String { asked.text }
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
            record.questions.enumerated().map { offset, asked in
                RoundAnswerRow(player: player, number: offset + 1, asked: asked, answer: given[player.id]?[offset + 1])
            }
        }
    }
}
