import Foundation

/// A model's snapshot as the pages get it (over SSE and `GET …/state`): its `json()` is the one
/// encoding every snapshot shares.
public protocol PageSnapshot: Encodable {}

extension PageSnapshot {
    /// The JSON bytes sent to the pages.
    public func json() -> Data {
        SnapshotEncoding.encode(self)
    }
}

/// The one JSON encoding of every snapshot: sorted keys (stable bytes for equal snapshots) and
/// unescaped slashes (readable URLs).
enum SnapshotEncoding {
    static func encode(_ snapshot: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(snapshot)
        } catch {
            preconditionFailure("snapshots hold only strings, numbers, booleans and nulls: \(error)")
        }
    }
}
