/// How far the author and category look-ups of the news list have come: `{"done":3,"total":12}`.
public struct NewsProgress: Codable, Hashable, Sendable {
    /// Look-ups answered (well or not).
    public var done: Int
    /// Look-ups started.
    public var total: Int

    /// Makes a progress report.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
