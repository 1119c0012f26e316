/// The live topics of one player's models (see `Topic`), each publishing one model's snapshot;
/// a classroom player's also their view of the round (`round`).
struct PlayerTopics: Sendable {
    let quizzes, quiz, books, matches, movies, trivia, news: LiveTopic
    /// The player's view of the classroom's round (nil: the local player).
    let round: LiveTopic?

    /// Every one of them.
    var all: [LiveTopic] { [quizzes, quiz, books, matches, movies, trivia, news] + (round.map { [$0] } ?? []) }
}
