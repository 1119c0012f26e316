import Foundation

/// What a round in play needs to go on after a restart (issue 36, point 3), as it changes: its
/// plan (the questions as the round took them at start, whatever their source), the room's
/// question and which questions are closed, when each opened for the room, the pace, the lock,
/// the timer and each player's extra time. The answers are not here: the results keep them
/// (`RoundAnswer`, with their points and picks), in order with these changes; nor is each
/// player's progress (`PlayerCheckpoint`, kept one row a player). `ClassroomRound` reports it to
/// its recorder on each change and takes it back with `resume(_:kept:set:)`.
public struct RoundCheckpoint: Codable, Hashable, Sendable {
    /// The room's id of the round (the snapshot's `round`).
    var room: Int
    var game: ClassroomGame
    /// The host's set it plays, as the room shows it, or nil.
    var set: ChosenSet?
    /// The questions in order, as taken at start.
    var questions: [RoundQuestion]
    /// The room's question (host-paced), 1-based.
    var current: Int
    /// The questions closed for the room (their answer shown).
    var closed: Set<Int>
    var selfPaced: Bool
    var locked: Bool
    var timing: RoundTiming?
    /// The extra time of each player who has some, by id.
    var extraTime: [Int: Double]
    /// When each question opened for the room (host-paced; after its 3-2-1).
    var roomOpened: [Int: Date]
    /// When this was taken (the round's clock).
    var savedAt: Date
}

/// One player's progress in a round in play, kept for a restart: when each question opened for
/// them (self-paced), the ones whose time ran out, the ones asked while they were in the class.
/// Their answers are the results'.
public struct PlayerCheckpoint: Codable, Hashable, Sendable {
    var opened: [Int: Date]
    var missed: Set<Int>
    var asked: Set<Int>
    /// When this was taken (the round's clock).
    var savedAt: Date
}

/// A round the results kept in play (it never ended): its id in the results, what it needs to go
/// on, each player's progress by id, and the answers given, in the order of their questions.
public struct KeptRound: Sendable {
    /// The round's id in the results.
    public let id: Int
    let checkpoint: RoundCheckpoint
    let progress: [Int: PlayerCheckpoint]
    let answers: [RoundAnswer]

    /// The id of the host's set the round plays, or nil.
    public var setID: Int? { checkpoint.set?.id }

    /// The last moment the results know the round was alive: its last change, a player's last
    /// progress or the last answer given (its question's opening plus its seconds). A kill -9
    /// comes after it, by how much nobody knows: a question resumes with the time it had left then.
    var lastAlive: Date {
        var last = checkpoint.savedAt
        for kept in progress.values { last = max(last, kept.savedAt) }
        for answer in answers {
            let opened = progress[answer.playerID]?.opened[answer.question] ?? checkpoint.roomOpened[answer.question]
            if let opened { last = max(last, opened.addingTimeInterval(answer.seconds)) }
        }
        return last
    }
}
