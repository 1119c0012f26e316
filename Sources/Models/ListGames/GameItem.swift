/// An item of a list game (Books, Matches, Movies): it knows the row the pages show for it, which
/// leaves out what would give the answer away.
public protocol GameItem: ListedItem {
    /// The row type, encoded in the snapshot's list.
    associatedtype Row: GameRow
    /// The row of this item, saying whether it was answered right this session.
    func row(answeredRight: Bool) -> Row
}

/// A row of a list game's snapshot.
public protocol GameRow: Codable, Hashable, Sendable {
    /// The snapshot key the rows are listed under (`books`, `matches`, `movies`).
    static var listKey: String { get }
}
