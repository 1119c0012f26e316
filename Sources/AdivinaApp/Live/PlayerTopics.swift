/// The live topics of the local player's models (see `Topic`), each publishing one model's
/// snapshot.
struct PlayerTopics: Sendable {
    let quizzes, quiz, books, matches, movies, trivia, news: LiveTopic

    /// Every one of them.
    var all: [LiveTopic] { [quizzes, quiz, books, matches, movies, trivia, news] }
}
