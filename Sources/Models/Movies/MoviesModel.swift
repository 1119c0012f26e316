/// The Películas exam: the list of `MovieItem`, each with a yes/no question; the player answers
/// Sí (true) or No (false). The alert, and the greyed poster while it is up, are each tab's own.
public typealias MoviesModel = JudgedListModel<MovieItem>

/// What the Películas pages render (topic `movies`, `GET /api/movies/state`).
public typealias MoviesSnapshot = ListGameSnapshot<MovieRow, Bool>

extension JudgedListModel where Item == MovieItem {
    /// The films, in the service's order.
    public var movies: [MovieItem] { game.items }

    /// Judges `answer` (true for "Sí") for the film `movieID`.
    public func answer(movieID: Int, answer: Bool) throws(ModelError) -> AnswerResult<Bool> {
        try self.answer(id: movieID, answer)
    }
}
