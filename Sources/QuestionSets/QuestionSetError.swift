/// Why a set, one of its questions, an image or a player's answer is refused, with the plain
/// Spanish reason for the page.
///
/// The set's own error rather than `Models`' `ModelError`: that one also names the room's lists,
/// remote services and database (`ItemKind`, `RemoteError`, `StoreError`), none of which is part
/// of a set, and the question-bank formats must not depend on the room. `Models` turns it into
/// `ModelError.invalid` with the same reason (`ModelError.init(_:)`, `ModelError.checking`), and
/// the API answers it as it answers that one (400 with the reason).
public enum QuestionSetError: Error, Hashable, Sendable {
    /// What was given cannot be used (a blank question, an option out of range); says why.
    case invalid(String)

    /// What to tell the user, in Spanish.
    public var userMessage: String {
        switch self {
        case .invalid(let reason): reason
        }
    }
}
