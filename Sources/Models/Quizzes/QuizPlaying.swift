/// What both quiz models (`QuizzesModel`, `QuizModel`) do with a quiz they show: check an
/// answer, mark a favourite, reveal the right answer. Code that serves either model (a route, a
/// test) is written once against this. Both implement it with `QuizActions`.
@MainActor
public protocol QuizPlaying: AnyObject, Sendable {
    /// Checks `answer` for the quiz; a right answer counts for the score.
    func check(quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult
    /// Marks or unmarks the quiz as a favourite; the model shows what the judge answers.
    func setFavourite(quizID: Int, _ favourite: Bool) async throws(ModelError) -> FavouriteStatus
    /// The quiz's right answer.
    func answer(quizID: Int) async throws(ModelError) -> String
}

extension QuizzesModel: QuizPlaying {}
extension QuizModel: QuizPlaying {}
