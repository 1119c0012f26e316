import Foundation

/// What a list game's pages render, one JSON object:
/// `{"<listKey>": [rows], "lastResult": {…} | null, "score", "loading", "error": "…" | null}`.
public struct ListGameSnapshot<Row: GameRow, Answer: Codable & Hashable & Sendable>: Codable, Hashable, Sendable, PageSnapshot {
    /// The rows, in the service's order, under `Row.listKey`.
    public var rows: [Row]
    /// The last answer, score, loading and error, written beside the rows.
    public var status: ListGameStatus<Answer>

    private struct ListKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Makes a snapshot.
    init(rows: [Row], status: ListGameStatus<Answer>) {
        self.rows = rows
        self.status = status
    }

    /// Reads the flat object.
    public init(from decoder: any Decoder) throws {
        rows = try decoder.container(keyedBy: ListKey.self).decode([Row].self, forKey: ListKey(stringValue: Row.listKey))
        status = try ListGameStatus(from: decoder)
    }

    /// Writes the rows and the status into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ListKey.self)
        try container.encode(rows, forKey: ListKey(stringValue: Row.listKey))
        try status.encode(to: encoder)
    }
}
