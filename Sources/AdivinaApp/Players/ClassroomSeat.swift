import Foundation
import Models

/// A classroom player's place: which player of which round a `PlayerModels` belongs to. The game
/// routes answer through it, so the round's rules judge a classroom player's answers instead of
/// the single-player ones.
@MainActor
struct ClassroomSeat {
    /// The round (the session owns it, and it outlives the player's models).
    unowned let round: ClassroomRound
    /// The player's public id in the room.
    let playerID: Int
    /// The longest answer a player may give in a class, in characters (the page's field says
    /// so): longer ones are refused with 400, so none weighs on the chart every screen gets.
    nonisolated static let maxAnswerLength = 200

    /// Checks the player's answer to the round's quiz `quizID` by the round's rules.
    func checkQuiz(quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult {
        try await round.checkQuiz(playerID: playerID, quizID: quizID, answer: answer)
    }

    /// Answers the player's current trivia question by the round's rules.
    func answerTrivia(index: Int, question: Int?) throws(ModelError) -> TriviaAnswer {
        try round.answerTrivia(playerID: playerID, index: index, question: question)
    }

    /// Opens question `number` for the player (self-paced, timed: their timer starts); returns
    /// when their time ends.
    func openQuestion(number: Int) throws(ModelError) -> Date? {
        try round.openQuestion(playerID: playerID, number: number)
    }
}
