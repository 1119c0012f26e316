/// An element of a remote list that could not be used, and why; the rest of the list is kept.
public struct SkippedElement: Hashable, Sendable, CustomStringConvertible {
    /// Its position in the list, from 0.
    public var index: Int
    /// Its `id` as written in the data, when one could be read.
    public var id: String?
    /// Why it was skipped, in Spanish.
    public var reason: String

    /// Makes a report.
    public init(index: Int, id: String?, reason: String) {
        self.index = index
        self.id = id
        self.reason = reason
    }

    /// `elemento 3 (id 30): id repetido`.
    public var description: String {
        let name = id.map { "elemento \(index) (id \($0))" } ?? "elemento \(index)"
        return "\(name): \(reason)"
    }
}
