import Foundation

/// The classroom's players kept in the `Store` (table `classroom_players`), so that the room
/// survives a restart or a crash: each player's id, name, session token (their cookie), rejoin
/// code, client address (one device, one player) and whether the host released their name.
/// A player is saved when they join, come back or are released, and deleted when removed: the
/// changes go through the results store's queue (`RoundResultsStore.keep(_:)`), off the room's
/// actor and in order with the answers; at start `ClassroomSession` takes the room back
/// (`players(now:)`).
public struct ClassroomRoomRecords: Sendable {
    /// A room whose last change (a player saved, a round started) is older than this is not
    /// taken back: it was another class (the next day's must not find yesterday's names).
    public static let forgetAfter: TimeInterval = 12 * 60 * 60

    /// A kept player and the client address they joined from.
    public struct SavedPlayer: Hashable, Sendable {
        public var player: ClassroomPlayer
        public var address: String
    }

    /// The database.
    public let store: Store

    /// A view of the room kept in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// A change to the kept room: a player saved as they are now, or removed.
    public enum Change: Hashable, Sendable {
        /// `player`, from client `address`, as they are at `date`.
        case save(ClassroomPlayer, address: String, at: Date)
        /// Player `playerID` is forgotten (the host removed them).
        case remove(playerID: Int)
        /// Nobody joins from `address` until the round ends (the host removed its player with a ban).
        case ban(address: String)
        /// The bans are lifted (the round ended).
        case liftBans
    }

    /// Writes `changes`, in order, in one transaction.
    public func apply(_ changes: [Change]) throws(StoreError) {
        try store.write { connection throws(StoreError) in
            for change in changes {
                switch change {
                case .save(let player, let address, let date):
                    try connection.run(
                        """
                        INSERT OR REPLACE INTO classroom_players (id, name, token, rejoin_code, address, released, saved_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                        """,
                        [
                            .integer(Int64(player.id)), .text(player.name), .text(player.token), .text(player.rejoinCode),
                            .text(address), .integer(player.released ? 1 : 0), .real(date.timeIntervalSince1970),
                        ])
                case .remove(let playerID):
                    try connection.run("DELETE FROM classroom_players WHERE id = ?1", [.integer(Int64(playerID))])
                case .ban(let address):
                    try connection.run("INSERT OR IGNORE INTO classroom_bans (address) VALUES (?1)", [.text(address)])
                case .liftBans:
                    try connection.run("DELETE FROM classroom_bans")
                }
            }
        }
    }

    /// The addresses banned until the round in play ends.
    public func bans() throws(StoreError) -> Set<String> {
        try store.read { connection throws(StoreError) -> Set<String> in
            var bans: Set<String> = []
            try connection.run("SELECT address FROM classroom_bans") { row in bans.insert(row.text(0) ?? "") }
            return bans
        }
    }

    /// The players kept, in join order; none (and they are forgotten) when the room's last
    /// change is more than `forgetAfter` before `now`.
    public func players(now: Date) throws(StoreError) -> [SavedPlayer] {
        try store.write { connection throws(StoreError) -> [SavedPlayer] in
            var last = -Double.infinity
            try connection.run(
                """
                SELECT max(at) FROM (SELECT saved_at AS at FROM classroom_players UNION ALL SELECT started_at FROM classroom_rounds
                    UNION ALL SELECT saved_at FROM classroom_round_resume UNION ALL SELECT saved_at FROM classroom_round_progress)
                """
            ) { row in if !row.isNull(0) { last = row.real(0) } }
            guard now.timeIntervalSince1970 - last <= Self.forgetAfter else {
                try connection.run("DELETE FROM classroom_players")
                return []
            }
            var players: [SavedPlayer] = []
            try connection.run("SELECT id, name, token, rejoin_code, address, released FROM classroom_players ORDER BY id") { row in
                var player = ClassroomPlayer(
                    id: Int(row.integer(0)), name: row.text(1) ?? "", token: row.text(2) ?? "", rejoinCode: row.text(3) ?? "")
                player.released = row.integer(5) == 1
                players.append(SavedPlayer(player: player, address: row.text(4) ?? ""))
            }
            return players
        }
    }
}
