import Signals

/// Who judges a quiz model's answers and keeps its favourites.
enum QuizJudge {
    /// The quiz server (or its stand-in): it checks, reveals and keeps the favourites.
    case server(QuizServerClient)
    /// A local `quizzes.json` (practice 4.1): answers judged against the file here, favourites
    /// kept in the `Store` (or only in memory without one).
    case file(LocalQuizFile, favourites: QuizIDStore?)
}

/// The quiz actions of both quiz models, written once: check an answer, mark a favourite, reveal
/// the answer. Each asks the judge (a failure shows its Spanish error in `status` and is thrown),
/// then clears the error and lets the model show the outcome in the same batch.
@MainActor
struct QuizActions {
    /// Who judges.
    let judge: QuizJudge
    /// The model's loading and error.
    let status: RequestStatus

    /// Judges `answer` for `quiz`; `show` applies the result to the model's state.
    func check(
        _ quiz: QuizItem, answer: String, show: (QuizCheckResult) -> Void
    ) async throws(ModelError) -> QuizCheckResult {
        let result: QuizCheckResult
        switch judge {
        case .server(let client):
            result = try await status.call { () async throws(RemoteError) in
                try await client.check(quizID: quiz.id, answer: answer)
            }
        case .file:
            result = QuizCheckResult(
                quizId: quiz.id, answer: answer, result: LocalQuizFile.isRight(answer, for: quiz.answer ?? ""))
        }
        batch {
            status.succeeded()
            show(result)
        }
        return result
    }

    /// Marks (`favourite`) or unmarks `quiz`; `show` applies what the judge answers.
    func setFavourite(
        _ quiz: QuizItem, _ favourite: Bool, show: (FavouriteStatus) -> Void
    ) async throws(ModelError) -> FavouriteStatus {
        let answer: FavouriteStatus
        switch judge {
        case .server(let client):
            answer = try await status.call { () async throws(RemoteError) in
                try await client.setFavourite(quizID: quiz.id, favourite)
            }
        case .file(_, let favourites):
            do {
                try favourites?.set(quiz.id, contained: favourite)
            } catch {
                status.show(.store(error))
                throw .store(error)
            }
            answer = FavouriteStatus(id: quiz.id, favourite: favourite)
        }
        batch {
            status.succeeded()
            show(answer)
        }
        return answer
    }

    /// The right answer of `quiz`.
    func answer(_ quiz: QuizItem) async throws(ModelError) -> String {
        let answer: String
        switch judge {
        case .server(let client):
            answer = try await status.call { () async throws(RemoteError) in try await client.answer(quizID: quiz.id) }.answer
        case .file:
            answer = quiz.answer ?? ""
        }
        status.succeeded()
        return answer
    }
}
