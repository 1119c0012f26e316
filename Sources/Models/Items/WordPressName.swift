/// The part of a WordPress user (`/users/{id}`) or category (`/categories/{id}`) the news reader
/// uses: its id and `name` (HTML with references, e.g. `Xcode &amp; herramientas`).
public struct WordPressName: Decodable, Hashable, Sendable, Identifiable {
    /// The user or category id.
    public var id: Int
    /// `name` as the API sends it.
    public var name: String

    /// Makes a name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The name as text, references decoded.
    public var displayName: String { HTMLText.plainText(fromHTML: name) }
}
