/// A category of a post as the page shows it: `{"id":3,"name":"Swift"}`, `name` null until known.
public struct NewsCategory: Codable, Hashable, Sendable {
    /// The category id.
    public var id: Int
    /// Its name as text, or nil while it is being looked up (or the look-up failed).
    @Nullable public var name: String?

    /// Makes a category.
    public init(id: Int, name: String?) {
        self.id = id
        self.name = name
    }
}
