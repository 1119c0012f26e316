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
        // The list.
        api.state("/api/quizzes/state") { $0.quizzes }
        api.action("/api/quizzes/reload") { (context: PlayerContext) in
            try context.refuseInClassroom("En la clase las preguntas las pone el profesor.")
            try await context.player.quizzes.download()
        }
        api.put("/api/quizzes/filter", body: FilterBody.self) { (context: PlayerContext, body) in
            // The pages number a round's questions by their place in the whole list.
            try context.refuseInClassroom("En la clase se ven todas las preguntas de la ronda.")
            await context.player.quizzes.setOnlyUnanswered(body.onlyUnanswered)
            return FilterState(onlyUnanswered: body.onlyUnanswered)
        }
        addQuizActions(to: &api, prefix: "/api/quizzes", judgedByClassroom: true) { $0.quizzes }

        // One at a time: in a classroom it would draw from the round's catalogue and judge
        // answers outside the round, so it is closed there.
        api.state("/api/quiz/state") { $0.quiz }
        api.closedInClassroom(onlyTheRound) { api in
            api.action("/api/quiz/next") { (context: PlayerContext) in try await context.player.quiz.next() }
            addQuizActions(to: &api, prefix: "/api/quiz", judgedByClassroom: false) { $0.quiz }
        }
    }

    /// Why a classroom player can't use the one-at-a-time quiz.
    static let onlyTheRound = "En la clase solo se responde a las preguntas de la ronda."

    /// The actions both quiz apps share, on the quiz `{id}` under `prefix`: check, favourite
    /// (`PUT` marks, `DELETE` unmarks) and the right answer. A classroom player's checks of the
    /// list go through the round's rules (`judgedByClassroom`); the right answer is closed to
    /// classroom players.
    private static func addQuizActions(
        to api: inout APIRouter, prefix: String, judgedByClassroom: Bool,
        model: @escaping @Sendable (PlayerModels) -> any QuizPlaying
    ) {
        api.post("\(prefix)/:id/check", body: AnswerBody.self, bodyLimit: BodyLimit.quizAnswer) {
            (context: PlayerContext, body) in
            let id = try context.request.idParameter()
            if judgedByClassroom, let seat = context.seat {
                guard body.answer.count <= ClassroomSeat.maxAnswerLength else {
                    throw APIError.badBody("La respuesta puede tener como mucho \(ClassroomSeat.maxAnswerLength) caracteres.")
                }
                return try await seat.checkQuiz(quizID: id, answer: body.answer)
            }
            return try await model(context.player).check(quizID: id, answer: body.answer)
        }
        for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
            api.add(method, "\(prefix)/:id/favourite") { (context: PlayerContext) in
                try await model(context.player).setFavourite(quizID: try context.request.idParameter(), favourite)
            }
        }
        api.closedInClassroom("En la clase no se pueden ver las respuestas.") { api in
            api.get("\(prefix)/:id/answer") { (context: PlayerContext) in
                let id = try context.request.idParameter()
                return QuizAnswer(quizId: id, answer: try await model(context.player).answer(quizID: id))
            }
        }
    }
}
