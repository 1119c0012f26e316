import Foundation

/// The public state of the room (topic `classroom`, `GET /api/classroom/state`), never an answer:
/// `{"phase","round","game","set","question","total","selfPaced","locked","timer","open","deadline","chart",
/// "players":[ClassroomPlayerRow],"playerCount","answeredCount","awayCount","podium":[ClassroomPodiumRow],"resultsProblem"}`. Players are in leaderboard
/// order (score, highest first; ties in join order).
public struct ClassroomSnapshot: Codable, Hashable, PatchableSnapshot, PageSnapshot {
    /// `lobby`, `playing` or `finished`.
    public var phase: ClassroomPhase
    /// The id of the round being played or last played (1, 2, 3… in the room's life; 0: none
    /// yet): a page keeps what it shows of a round under this id, so a new round starts clean.
    public var round: Int
    /// The game picked by the host, or nil.
    @Nullable public var game: ClassroomGame?
    /// The host's set the next (or this) quizzes round plays; null: the quiz source or trivia.
    @Nullable public var set: ChosenSet?
    /// The question everybody is on (host-paced, 1-based); 0 in the lobby.
    public var question: Int
    /// How many questions the round has (0 before the first round).
    public var total: Int
    /// Whether each player goes at their own pace.
    public var selfPaced: Bool
    /// Whether the host closed the room: nobody new may join.
    public var locked: Bool
    /// The round's timer (`{"seconds","speedPoints"}`), or null without one.
    @Nullable public var timer: RoundTiming?
    /// The room's current question (host-paced): its text, image, kind, options (never which is
    /// right) and when its 3-2-1 ends; once it closes, `chart` is that question's. Null
    /// self-paced and outside a round.
    @Nullable public var open: OpenQuestion?
    /// While a timed question is open (host-paced), its countdown; else null.
    @Nullable public var deadline: QuestionDeadline?
    /// Once a question closes, what the class answered to it (until the next one closes); else null.
    @Nullable public var chart: QuestionChart?
    /// Every player, best first.
    public var players: [ClassroomPlayerRow]
    /// How many players are in the room.
    public var playerCount: Int
    /// How many players have `answered` set.
    public var answeredCount: Int
    /// How many players are away (no open event stream for a while).
    public var awayCount: Int
    /// The first three places once the round is `finished`; empty otherwise.
    public var podium: [ClassroomPodiumRow]
    /// While results cannot be written (the disk full, the folder read-only) and wait in
    /// memory, what the host is told, in Spanish; null when everything is written.
    @Nullable public var resultsProblem: String?

    /// Makes a snapshot.
    public init(
        phase: ClassroomPhase, round: Int = 0, game: ClassroomGame?, set: ChosenSet? = nil, question: Int, total: Int, selfPaced: Bool,
        locked: Bool = false, timer: RoundTiming? = nil, open: OpenQuestion? = nil, deadline: QuestionDeadline? = nil,
        chart: QuestionChart? = nil, players: [ClassroomPlayerRow], podium: [ClassroomPodiumRow], resultsProblem: String? = nil
    ) {
        self.phase = phase
        self.round = round
        self.game = game
        self.set = set
        self.open = open
        self.question = question
        self.total = total
        self.selfPaced = selfPaced
        self.locked = locked
        self.timer = timer
        self.deadline = deadline
        self.chart = chart
        self.players = players
        playerCount = players.count
        answeredCount = players.count { $0.answered }
        awayCount = players.count { $0.away }
        self.podium = podium
        self.resultsProblem = resultsProblem
    }

    /// When the room's question or its chart changes (a question opens or closes, a round starts
    /// or ends), `new` with this snapshot's player rows (every top-level field, the counts too,
    /// is `new`'s): the question's fields and its chart reach every screen at once, in a patch
    /// of a few hundred bytes, and the rows follow one spacing later. At a close every right
    /// answerer's score changes together (issue 39's rule), and at the next question every
    /// row's `answered`, so those patches hold up to one row per player (about 100 bytes each):
    /// sent together, the 3,000 viewers of a 1,000-player room each waited for ~100 KB before
    /// their chart. Nil when neither changes.
    ///
    /// Kept over the alternatives (docs/benchmarks.md, "At the cap of 1,000 players"): public
    /// rows with the top five only would take from the projector the names and answered marks
    /// it shows in the lobby and while a question is open, and from the host page its roster; a
    /// terser row encoding would change the patch format every page applies for a fraction of
    /// the bytes, not the order in which they arrive.
    public func firstStep(toward new: ClassroomSnapshot) -> ClassroomSnapshot? {
        guard new.chart != chart || new.open != open else { return nil }
        var step = new
        step.players = players
        return step
    }

    /// The changes from `old` as a `ClassroomSnapshotPatch`'s JSON; nil when there are none.
    public func patchJSON(from old: ClassroomSnapshot) -> Data? {
        let patch = ClassroomSnapshotPatch(from: old, to: self)
        return patch.isEmpty ? nil : SnapshotEncoding.encode(patch)
    }
}

extension ClassroomSnapshot {
    /// The rows of `players`, best first (ties keep the join order): host-paced, `answered` is
    /// question `current`'s; self-paced, every question's.
    nonisolated static func leaderboard(
        _ players: [ClassroomPlayer], current: Int, total: Int, selfPaced: Bool
    ) -> [ClassroomPlayerRow] {
        let rows = players.map { player in
            ClassroomPlayerRow(
                id: player.id, name: player.name, score: player.score,
                answered: selfPaced ? total > 0 && player.answered.count == total : player.answered.contains(current),
                progress: player.answered.count, rightCount: player.rightCount, away: player.away)
        }
        // Stable: ties keep the join order.
        return rows.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// The places 1 to 3 of `rows` (already best first) among the players with points (nobody
    /// stands on the podium with 0); equal scores share a place.
    nonisolated static func podium(_ rows: [ClassroomPlayerRow]) -> [ClassroomPodiumRow] {
        var podium: [ClassroomPodiumRow] = []
        for (offset, row) in rows.enumerated() where row.score > 0 {
            let position = offset > 0 && rows[offset - 1].score == row.score ? podium[offset - 1].position : offset + 1
            guard position <= 3 else { break }
            podium.append(ClassroomPodiumRow(position: position, id: row.id, name: row.name, score: row.score))
        }
        return podium
    }
}
