import Foundation

/// What a round in play needs to go on after a restart, kept in the `Store` (tables
/// `classroom_round_resume` and `classroom_round_progress`, issue 36, point 3): the statements
/// `RoundResultsStore` runs on its queue, and the one the next start reads (`resumable`).
extension RoundRecords {
    /// Keeps round `roundID`'s `checkpoint` (nil: unchanged) and each player's `progress`, in one
    /// transaction; nothing for a round that ended meanwhile.
    public func keep(_ roundID: Int, checkpoint: RoundCheckpoint?, progress: [Int: PlayerCheckpoint]) throws(StoreError) {
        let encoder = JSONEncoder()
        let state = checkpoint.flatMap { try? encoder.encode($0) }
        let rows = progress.compactMap { id, kept in (try? encoder.encode(kept)).map { (id, kept.savedAt, $0) } }
        try store.write { connection throws(StoreError) in
            var playing = false
            try connection.run("SELECT 1 FROM classroom_rounds WHERE id = ?1 AND ended_at IS NULL", [.integer(Int64(roundID))]) { _ in
                playing = true
            }
            guard playing else { return }
            if let checkpoint, let state {
                try connection.run(
                    "INSERT OR REPLACE INTO classroom_round_resume (round_id, state, saved_at) VALUES (?1, ?2, ?3)",
                    [.integer(Int64(roundID)), .text(String(decoding: state, as: UTF8.self)), .real(checkpoint.savedAt.timeIntervalSince1970)])
            }
            for (playerID, savedAt, row) in rows {
                try connection.run(
                    "INSERT OR REPLACE INTO classroom_round_progress (round_id, player_id, state, saved_at) VALUES (?1, ?2, ?3, ?4)",
                    [
                        .integer(Int64(roundID)), .integer(Int64(playerID)), .text(String(decoding: row, as: UTF8.self)),
                        .real(savedAt.timeIntervalSince1970),
                    ])
            }
        }
    }

    /// The latest round that never ended, to go on with, when its checkpoint can be read and the
    /// round was alive (its checkpoint or a player's progress saved) at most
    /// `ClassroomRoomRecords.forgetAfter` before `now`; else nil (it is closed as interrupted).
    public func resumable(now: Date) throws(StoreError) -> KeptRound? {
        let latest = try store.read { connection throws(StoreError) -> (id: Int, state: String, last: Double)? in
            var found: (id: Int, state: String, last: Double)?
            try connection.run(
                """
                SELECT r.id, s.state, max(s.saved_at, coalesce((SELECT max(p.saved_at) FROM classroom_round_progress p
                    WHERE p.round_id = r.id), s.saved_at))
                FROM classroom_rounds r JOIN classroom_round_resume s ON s.round_id = r.id
                WHERE r.ended_at IS NULL AND r.id = (SELECT max(id) FROM classroom_rounds)
                """
            ) { row in found = (Int(row.integer(0)), row.text(1) ?? "", row.real(2)) }
            return found
        }
        let decoder = JSONDecoder()
        guard let latest, now.timeIntervalSince1970 - latest.last <= ClassroomRoomRecords.forgetAfter,
              let checkpoint = try? decoder.decode(RoundCheckpoint.self, from: Data(latest.state.utf8)),
              (1...max(1, checkpoint.questions.count)).contains(checkpoint.current), !checkpoint.questions.isEmpty,
              let record = try record(latest.id)
        else { return nil }
        let progress = try store.read { connection throws(StoreError) -> [Int: PlayerCheckpoint] in
            var progress: [Int: PlayerCheckpoint] = [:]
            try connection.run("SELECT player_id, state FROM classroom_round_progress WHERE round_id = ?1", [.integer(Int64(latest.id))]) { row in
                progress[Int(row.integer(0))] = try? JSONDecoder().decode(PlayerCheckpoint.self, from: Data((row.text(1) ?? "").utf8))
            }
            return progress
        }
        return KeptRound(id: latest.id, checkpoint: checkpoint, progress: progress, answers: record.answers)
    }

    /// Forgets what round `roundID` kept to go on (it ended, or was closed as interrupted).
    static func forgetResume(_ roundID: Int, _ connection: SQLiteConnection) throws(StoreError) {
        try connection.run("DELETE FROM classroom_round_resume WHERE round_id = ?1", [.integer(Int64(roundID))])
        try connection.run("DELETE FROM classroom_round_progress WHERE round_id = ?1", [.integer(Int64(roundID))])
    }
}
