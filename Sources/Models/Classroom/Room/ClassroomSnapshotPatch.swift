import Foundation

/// What changed on the leaderboard between two `ClassroomSnapshot`s, in the patch format of
/// `PatchableSnapshot`: the changed top-level fields, the player rows that are new or changed,
/// the ids of the players who left, and the leaderboard's order (`-score`, then `id`: ids grow
/// in join order, so ties keep the join order as in the snapshot).
public struct ClassroomSnapshotPatch: Encodable, Sendable {
    /// The leaderboard's order as sort keys of the patch format.
    public static let playerOrder = ["-score", "id"]

    /// The top-level fields that changed, by name, with their new values, in field order.
    public private(set) var fields: [(name: String, value: any Encodable & Sendable)] = []
    /// Player rows that are new (whole) or differ from the old snapshot's (their id and the
    /// fields that changed: a player who just answered is `{"id":7,"answered":true}`).
    public private(set) var upserted: [Row] = []
    /// Ids of the players who are no longer in the room.
    public private(set) var removed: [Int] = []

    /// The patch from `old` to `new`.
    public init(from old: ClassroomSnapshot, to new: ClassroomSnapshot) {
        func compare<Value: Encodable & Sendable & Equatable>(_ name: String, _ field: KeyPath<ClassroomSnapshot, Value>) {
            if old[keyPath: field] != new[keyPath: field] { fields.append((name, new[keyPath: field])) }
        }
        compare("phase", \.phase)
        compare("round", \.round)
        compare("game", \.game)
        compare("set", \.set)
        compare("question", \.question)
        compare("total", \.total)
        compare("selfPaced", \.selfPaced)
        compare("locked", \.locked)
        compare("timer", \.timer)
        compare("open", \.open)
        compare("deadline", \.deadline)
        compare("chart", \.chart)
        compare("playerCount", \.playerCount)
        compare("answeredCount", \.answeredCount)
        compare("awayCount", \.awayCount)
        compare("podium", \.podium)
        compare("resultsProblem", \.resultsProblem)
        let oldRows = Dictionary(uniqueKeysWithValues: old.players.map { ($0.id, $0) })
        upserted = new.players.compactMap { row in
            let old = oldRows[row.id]
            return old == row ? nil : Row(row, since: old)
        }
        let newIDs = Set(new.players.map(\.id))
        removed = old.players.map(\.id).filter { !newIDs.contains($0) }
    }

    /// A row of `upserted`: a new player's whole row, or an existing one's id and changed fields
    /// (the fields left out are as they were), merged into the row with the same id by the page.
    public struct Row: Encodable, Sendable, Equatable {
        public var id: Int
        public var name: String?
        public var score: Int?
        public var answered: Bool?
        public var progress: Int?
        public var rightCount: Int?
        public var away: Bool?

        /// `row` whole when `old` is nil, else only what differs from `old`.
        init(_ row: ClassroomPlayerRow, since old: ClassroomPlayerRow?) {
            func changed<Value: Equatable>(_ field: KeyPath<ClassroomPlayerRow, Value>) -> Value? {
                old?[keyPath: field] == row[keyPath: field] ? nil : row[keyPath: field]
            }
            id = row.id
            name = changed(\.name)
            score = changed(\.score)
            answered = changed(\.answered)
            progress = changed(\.progress)
            rightCount = changed(\.rightCount)
            away = changed(\.away)
        }
    }

    /// Whether the two snapshots looked the same.
    public var isEmpty: Bool { fields.isEmpty && upserted.isEmpty && removed.isEmpty }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    /// `{"set":{…},"lists":{"players":{"upsert":[…],"remove":[…],"sort":["-score","id"]}}}`;
    /// `set` and `lists` only when something in them changed (`game` may be set to `null`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if !fields.isEmpty {
            var set = container.nestedContainer(keyedBy: Key.self, forKey: Key("set"))
            for (name, value) in fields { try set.encode(value, forKey: Key(name)) }
        }
        if !upserted.isEmpty || !removed.isEmpty {
            var lists = container.nestedContainer(keyedBy: Key.self, forKey: Key("lists"))
            var players = lists.nestedContainer(keyedBy: Key.self, forKey: Key("players"))
            if !upserted.isEmpty { try players.encode(upserted, forKey: Key("upsert")) }
            if !removed.isEmpty { try players.encode(removed, forKey: Key("remove")) }
            try players.encode(Self.playerOrder, forKey: Key("sort"))
        }
    }
}
