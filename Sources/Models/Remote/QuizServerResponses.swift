/// `GET /api/quizzes/{id}/check` → `{"quizId":5,"answer":"Moscow","result":true}`.
public struct QuizCheckResult: Codable, Hashable, Sendable {
    /// The quiz checked.
    public var quizId: Int
    /// The answer as the server received it.
    public var answer: String
    /// Whether it is right.
    public var result: Bool
    /// In a classroom round, the points the answer earned (1 or 0, or speed points); the quiz
    /// server never sends it, and it is left out of the JSON when nil.
    public var points: Int?

    /// Makes a result.
    public init(quizId: Int, answer: String, result: Bool, points: Int? = nil) {
        self.quizId = quizId
        self.answer = answer
        self.result = result
        self.points = points
    }
}

/// `GET /api/quizzes/{id}/answer` → `{"quizId":5,"answer":"Moscow"}`.
public struct QuizAnswer: Codable, Hashable, Sendable {
    /// The quiz.
    public var quizId: Int
    /// Its right answer.
    public var answer: String

    /// Makes an answer.
    public init(quizId: Int, answer: String) {
        self.quizId = quizId
        self.answer = answer
    }
}

/// `PUT`/`DELETE /api/users/tokenOwner/favourites/{id}` → `{"id":5,"favourite":true}`.
public struct FavouriteStatus: Codable, Hashable, Sendable {
    /// The quiz.
    public var id: Int
    /// Whether it is now a favourite of the token's owner.
    public var favourite: Bool

    /// Makes a status.
    public init(id: Int, favourite: Bool) {
        self.id = id
        self.favourite = favourite
    }
}

/// `GET /api/quizzes/random` → one quiz, or `{"nomore":true}` once every quiz was answered.
public enum RandomQuiz: Decodable, Hashable, Sendable {
    /// A quiz to play.
    case quiz(QuizItem)
    /// The server has no quiz left for this token.
    case noMore

    private enum CodingKeys: String, CodingKey { case nomore }

    /// Reads `{"nomore":true}` or a quiz item.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decodeIfPresent(Bool.self, forKey: .nomore) == true {
            self = .noMore
        } else {
            self = .quiz(try QuizItem(from: decoder))
        }
    }
}
