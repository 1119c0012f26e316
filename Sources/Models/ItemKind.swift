/// What sort of thing a model's list holds, so that messages about its items read naturally in
/// Spanish ("No hay ningún partido con id 7.").
public enum ItemKind: String, Hashable, Sendable {
    /// A quiz of the quiz server.
    case quiz
    /// A question about a book (Books exam).
    case book
    /// A World Cup match (Matches exam).
    case match
    /// A film with a yes/no question (Películas exam).
    case movie
    /// A post of a WordPress site (the news reader).
    case post
    /// A player of a classroom room.
    case player
    /// A classroom host's quiz set.
    case set
    /// A classroom round kept in the results.
    case round

    /// "none of them" with the right gender: `ninguna pregunta`, `ningún partido`…
    public var noneOfThem: String {
        switch self {
        case .quiz: return "ninguna pregunta"
        case .book: return "ningún libro"
        case .match: return "ningún partido"
        case .movie: return "ninguna película"
        case .post: return "ninguna noticia"
        case .player: return "ningún jugador"
        case .set: return "ningún conjunto de preguntas"
        case .round: return "ninguna ronda"
        }
    }
}
