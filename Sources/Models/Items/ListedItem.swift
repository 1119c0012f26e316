/// An item of a list a model downloads: decodable, comparable (a list that comes back equal
/// changes nothing a view shows), identified by an `Int` id, and of a known
/// `ItemKind` so that errors about it can name it.
public protocol ListedItem: Decodable, Hashable, Identifiable, Sendable where ID == Int {
    /// What the items of this type are, for messages.
    static var kind: ItemKind { get }
}

extension QuizItem: ListedItem {
    /// Quizzes.
    public static var kind: ItemKind { .quiz }
}

extension LenientList where Element: ListedItem {
    /// The list itself, or `RemoteError.malformed` when it had items and none could be read (a
    /// service that changed its format must not look like an empty list).
    public func requireReadableElements() throws(RemoteError) -> LenientList<Element> {
        if elements.isEmpty, let first = skipped.first {
            throw .malformed("\(Element.kind.noneOfThem) se puede leer (\(first))")
        }
        return self
    }
}
