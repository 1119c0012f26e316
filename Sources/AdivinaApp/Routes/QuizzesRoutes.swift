import Foundation
import HTTPServer
import Models

/// The web API of the two quiz apps: `/api/quizzes/…` (the list, practices 4.1/4.2) and
/// `/api/quiz/…` (one at a time, exam June 2022). Every action calls one model method; the new
/// state reaches the pages over SSE, the answer only says how the action went.
enum QuizzesRoutes {
    private struct AnswerBody: Decodable, Sendable { var answer: String }
    private struct FilterBody: Decodable, Sendable { var onlyUnanswered: Bool }
    private struct FilterState: Encodable, Sendable { var onlyUnanswered: Bool }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        // The list. Closed in class but the state (`RouteAccess`): a player answers only the round.
        api.state("/api/quizzes/state") { $0.quizzes }
        api.action("/api/quizzes/reload") { (context: PlayerContext) in try await context.player.quizzes.download() }
        api.put("/api/quizzes/filter", body: FilterBody.self) { (context: PlayerContext, body) in
            await context.player.quizzes.setOnlyUnanswered(body.onlyUnanswered)
            return FilterState(onlyUnanswered: body.onlyUnanswered)
        }
        addQuizActions(to: &api, prefix: "/api/quizzes") { $0.quizzes }

        // One at a time.
        api.state("/api/quiz/state") { $0.quiz }
        api.action("/api/quiz/next", access: .onlyTheRound) { (context: PlayerContext) in try await context.player.quiz.next() }
        addQuizActions(to: &api, prefix: "/api/quiz") { $0.quiz }
    }

    /// The actions both quiz apps share, on the quiz `{id}` under `prefix`: check, favourite
    /// (`PUT` marks, `DELETE` unmarks) and the right answer, declared once for both apps, so
    /// both are closed to a player in class alike (they answer only the round).
    private static func addQuizActions(
        to api: inout APIRouter, prefix: String, model: @escaping @Sendable (PlayerModels) -> any QuizPlaying
    ) {
        api.post(
            "\(prefix)/:id/check", body: AnswerBody.self, bodyLimit: BodyLimit.quizAnswer, access: .onlyTheRound
        ) { (context: PlayerContext, body) in
            try await model(context.player).check(quizID: try context.request.idParameter(), answer: body.answer)
        }
        for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
            api.add(method, "\(prefix)/:id/favourite") { (context: PlayerContext) in
                try await model(context.player).setFavourite(quizID: try context.request.idParameter(), favourite)
            }
        }
        api.get("\(prefix)/:id/answer", access: .notInClass(reason: "En la clase no se pueden ver las respuestas.")) {
            (context: PlayerContext) in
            let id = try context.request.idParameter()
            return QuizAnswer(quizId: id, answer: try await model(context.player).answer(quizID: id))
        }
    }
}
