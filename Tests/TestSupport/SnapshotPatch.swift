import Foundation

/// The patch format of `PatchableSnapshot` applied to a parsed JSON snapshot, written from the
/// format's description (not from `WebRoot/js/snapshot-patch.js`) so the tests check the server's
/// patches against the contract rather than against the page's code.
public enum SnapshotPatch {
    /// `snapshot` with `patch` applied.
    public static func apply(_ patch: [String: Any], to snapshot: [String: Any]) -> [String: Any] {
        var result = snapshot
        for (name, value) in patch["set"] as? [String: Any] ?? [:] { result[name] = value }
        for (name, operations) in patch["lists"] as? [String: [String: Any]] ?? [:] {
            var rows = result[name] as? [[String: Any]] ?? []
            let removed = Set(operations["remove"] as? [Int] ?? [])
            rows.removeAll { removed.contains($0["id"] as? Int ?? -1) }
            for row in operations["upsert"] as? [[String: Any]] ?? [] {
                if let index = rows.firstIndex(where: { $0["id"] as? Int == row["id"] as? Int }) {
                    rows[index].merge(row) { _, new in new }
                } else {
                    rows.append(row)
                }
            }
            let keys = operations["sort"] as? [String] ?? []
            rows = rows.enumerated().sorted { a, b in
                for key in keys {
                    let descending = key.hasPrefix("-")
                    let field = descending ? String(key.dropFirst()) : key
                    let x = a.element[field] as? Int ?? 0, y = b.element[field] as? Int ?? 0
                    if x != y { return descending ? x > y : x < y }
                }
                return a.offset < b.offset
            }.map(\.element)
            result[name] = rows
        }
        return result
    }

    /// Parses JSON bytes as an object (empty when they are not one).
    public static func object(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// Whether two parsed JSON objects are equal (compared as JSON with sorted keys).
    public static func equal(_ a: [String: Any], _ b: [String: Any]) -> Bool {
        let options: JSONSerialization.WritingOptions = [.sortedKeys]
        return (try? JSONSerialization.data(withJSONObject: a, options: options))
            == (try? JSONSerialization.data(withJSONObject: b, options: options))
    }
}
