import Foundation

/// The classroom rounds' results kept in the `Store` (tables `classroom_rounds`,
/// `classroom_round_questions`, `classroom_round_players`, `classroom_round_answers`): the
/// statements `RoundResultsStore` runs. Each change is one transaction.
public struct RoundRecords: Sendable {
    /// The database.
    public let store: Store

    /// A view of the results in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Keeps a new round and its questions (text, kind, options, right answers); returns its id.
    public func start(_ start: RoundStart) throws(StoreError) -> Int {
        try store.write { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO classroom_rounds (game, set_id, seconds, speed_points, started_at, set_title)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """,
                [
                    .text(start.game.rawValue), start.setID.map { .integer(Int64($0)) } ?? .null,
                    start.seconds.map { .integer(Int64($0)) } ?? .null, .integer(start.speedPoints ? 1 : 0),
                    .real(start.startedAt.timeIntervalSince1970), start.setTitle.map { .text($0) } ?? .null,
                ])
            let id = Int(connection.lastInsertedRowID)
            for (offset, question) in start.questions.enumerated() {
                try connection.run(
                    """
                    INSERT INTO classroom_round_questions (round_id, number, text, kind, options, right_answers)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    """,
                    [
                        .integer(Int64(id)), .integer(Int64(offset + 1)), .text(question.text),
                        question.kind.map { .text($0.rawValue) } ?? .null, .text(Self.json(question.options)),
                        .text(Self.json(question.rightAnswers)),
                    ])
            }
            return id
        }
    }

    /// Keeps `answer` in round `roundID` (and its player, if new); an answer given again replaces it.
    public func add(_ answer: RoundAnswer, inRound roundID: Int) throws(StoreError) {
        try add([(answer, roundID)])
    }

    /// Keeps each answer in its round, as `add(_:inRound:)` does, in one transaction.
    public func add(_ answers: [(answer: RoundAnswer, roundID: Int)]) throws(StoreError) {
        try store.write { connection throws(StoreError) in
            for (answer, roundID) in answers {
                try connection.run(
                    """
                    INSERT INTO classroom_round_players (round_id, player_id, name) VALUES (?1, ?2, ?3)
                    ON CONFLICT (round_id, player_id) DO UPDATE SET name = excluded.name
                    """, [.integer(Int64(roundID)), .integer(Int64(answer.playerID)), .text(answer.name)])
                try connection.run(
                    """
                    INSERT OR REPLACE INTO classroom_round_answers
                        (round_id, player_id, question, answer, right, seconds, points, picks)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    """,
                    [
                        .integer(Int64(roundID)), .integer(Int64(answer.playerID)), .integer(Int64(answer.question)),
                        .text(answer.answer), .integer(answer.right ? 1 : 0), .real(answer.seconds),
                        .integer(Int64(answer.points)), .text(Self.json(answer.picks)),
                    ])
            }
        }
    }

    /// Keeps when round `roundID` ended and its `players` with their scores.
    public func end(_ roundID: Int, at endedAt: Date, players: [RoundPlayer]) throws(StoreError) {
        try store.write { connection throws(StoreError) in
            try connection.run(
                "UPDATE classroom_rounds SET ended_at = ?2 WHERE id = ?1",
                [.integer(Int64(roundID)), .real(endedAt.timeIntervalSince1970)])
            try Self.forgetResume(roundID, connection)
            for player in players {
                try connection.run(
                    """
                    INSERT INTO classroom_round_players (round_id, player_id, name, score, asked) VALUES (?1, ?2, ?3, ?4, ?5)
                    ON CONFLICT (round_id, player_id) DO UPDATE SET name = excluded.name, score = excluded.score, asked = excluded.asked
                    """,
                    [
                        .integer(Int64(roundID)), .integer(Int64(player.id)), .text(player.name), .integer(Int64(player.score)),
                        player.asked.map { .integer(Int64($0)) } ?? .null,
                    ])
            }
        }
    }

    /// Closes every round that never ended (the process stopped or crashed during it) at
    /// `date`, marked interrupted, each player's score the sum of their answers kept; all but
    /// round `resumed` (nil: none), which goes on. Returns the latest one closed, or nil.
    public func closeInterrupted(at date: Date, sparing resumed: Int? = nil) throws(StoreError) -> Int? {
        try store.write { connection throws(StoreError) -> Int? in
            var open: [Int64] = []
            try connection.run("SELECT id FROM classroom_rounds WHERE ended_at IS NULL ORDER BY id") { open.append($0.integer(0)) }
            open.removeAll { $0 == resumed.map(Int64.init) }
            for id in open {
                try Self.forgetResume(Int(id), connection)
                try connection.run(
                    """
                    UPDATE classroom_round_players SET score = (
                        SELECT coalesce(sum(a.points), 0) FROM classroom_round_answers a
                        WHERE a.round_id = classroom_round_players.round_id AND a.player_id = classroom_round_players.player_id)
                    WHERE round_id = ?1
                    """, [.integer(id)])
                try connection.run(
                    "UPDATE classroom_rounds SET ended_at = ?2, interrupted = 1 WHERE id = ?1",
                    [.integer(id), .real(date.timeIntervalSince1970)])
            }
            return open.last.map { Int($0) }
        }
    }

    /// The id of the latest round kept (0: none).
    public func latestRoundID() throws(StoreError) -> Int {
        try store.read { connection throws(StoreError) -> Int in
            var latest = 0
            try connection.run("SELECT coalesce(max(id), 0) FROM classroom_rounds") { latest = Int($0.integer(0)) }
            return latest
        }
    }

    /// Every round kept, the latest first.
    public func list() throws(StoreError) -> [RoundSummary] {
        try store.read { connection throws(StoreError) in
            var rounds: [RoundSummary] = []
            try connection.run(
                """
                SELECT r.id, r.game, r.set_id, r.started_at, r.ended_at,
                    (SELECT count(*) FROM classroom_round_players p WHERE p.round_id = r.id), r.set_title, r.interrupted
                FROM classroom_rounds r ORDER BY r.started_at DESC, r.id DESC
                """
            ) { row in
                rounds.append(RoundSummary(
                    id: Int(row.integer(0)), game: ClassroomGame(rawValue: row.text(1) ?? "") ?? .quizzes,
                    setID: row.isNull(2) ? nil : Int(row.integer(2)), startedAt: Date(timeIntervalSince1970: row.real(3)),
                    endedAt: row.isNull(4) ? nil : Date(timeIntervalSince1970: row.real(4)), players: Int(row.integer(5)),
                    setTitle: row.text(6), interrupted: row.integer(7) == 1))
            }
            return rounds
        }
    }

    /// Round `id` with its questions, players and answers, or nil.
    public func record(_ id: Int) throws(StoreError) -> RoundRecord? {
        try store.read { connection throws(StoreError) -> RoundRecord? in
            let key: [SQLiteValue] = [.integer(Int64(id))]
            var found: RoundRecord?
            try connection.run("SELECT game, set_id, started_at, ended_at, set_title, interrupted FROM classroom_rounds WHERE id = ?1", key) { row in
                found = RoundRecord(
                    id: id, game: ClassroomGame(rawValue: row.text(0) ?? "") ?? .quizzes,
                    setID: row.isNull(1) ? nil : Int(row.integer(1)), startedAt: Date(timeIntervalSince1970: row.real(2)),
                    endedAt: row.isNull(3) ? nil : Date(timeIntervalSince1970: row.real(3)), questions: [], players: [], answers: [],
                    setTitle: row.text(4), interrupted: row.integer(5) == 1)
            }
            guard var record = found else { return nil }
            try connection.run(
                "SELECT text, kind, options, right_answers FROM classroom_round_questions WHERE round_id = ?1 ORDER BY number", key
            ) { row in
                record.questions.append(RecordedQuestion(
                    text: row.text(0) ?? "", kind: row.text(1).flatMap(QuizKind.init(rawValue:)),
                    options: Self.texts(row.text(2)), rightAnswers: Self.texts(row.text(3))))
            }
            var names: [Int: String] = [:]
            try connection.run(
                "SELECT player_id, name, score, asked FROM classroom_round_players WHERE round_id = ?1 ORDER BY player_id", key
            ) { row in
                let player = RoundPlayer(
                    id: Int(row.integer(0)), name: row.text(1) ?? "", score: Int(row.integer(2)),
                    asked: row.isNull(3) ? nil : Int(row.integer(3)))
                names[player.id] = player.name
                record.players.append(player)
            }
            try connection.run(
                """
                SELECT player_id, question, answer, right, seconds, points, picks FROM classroom_round_answers
                WHERE round_id = ?1 ORDER BY question, player_id
                """, key
            ) { row in
                let playerID = Int(row.integer(0))
                record.answers.append(RoundAnswer(
                    playerID: playerID, name: names[playerID] ?? "", question: Int(row.integer(1)), answer: row.text(2) ?? "",
                    right: row.integer(3) == 1, seconds: row.real(4), points: Int(row.integer(5)),
                    picks: (try? JSONDecoder().decode([Int].self, from: Data((row.text(6) ?? "[]").utf8))) ?? []))
            }
            return record
        }
    }

    /// `texts` as a JSON array.
    private static func json(_ texts: [some Encodable]) -> String {
        (try? JSONEncoder().encode(texts)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The texts of a JSON array (none when it is not one).
    private static func texts(_ json: String?) -> [String] {
        json.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }
}
