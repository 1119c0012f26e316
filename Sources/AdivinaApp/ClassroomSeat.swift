/// A classroom player's place: which player of which session a `PlayerModels` belongs to. The
/// game routes ask it to judge answers by the room's rules instead of the single-player ones.
@MainActor
struct ClassroomSeat {
    /// The session (it owns the player's models and outlives them).
    unowned let session: ClassroomSession
    /// The player's public id in the room.
    let playerID: Int
}
