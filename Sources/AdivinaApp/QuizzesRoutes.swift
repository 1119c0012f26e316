import Foundation
import HTTPServer
import Models

/// The web API of the two quiz apps: `/api/quizzes/…` (the list, practices 4.1/4.2) and
/// `/api/quiz/…` (one at a time, exam June 2022). Every action calls one model method; the new
/// state reaches the pages over SSE, the answer only says how the action went.
enum QuizzesRoutes {
    /// The largest action body accepted. Answers are short, but the course's real 2024 file has
    /// one of 19 KB (quiz 69: digits of π), which practice 4.1's own mode must be able to check.
    static let bodyLimit = 64 * 1024

    private struct AnswerBody: Decodable { var answer: String }
    private struct FilterBody: Decodable { var onlyUnanswered: Bool }
    private struct Done: Encodable { var ok = true }
    private struct FilterState: Encodable { var onlyUnanswered: Bool }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable (HTTPRequest) async throws -> PlayerModels) {
        // The list.
        router.get("/api/quizzes/state") { request in
            try await models(request).topics["quizzes"]!.stateResponse()
        }
        router.post("/api/quizzes/reload", bodyLimit: bodyLimit) { request in
            let player = try await models(request)
            try refuseInClassroom(player, "En la clase las preguntas las pone el profesor.")
            let model = player.quizzes
            try await APIError.run { try await model.download() }
            return try .json(Done())
        }
        router.put("/api/quizzes/filter", bodyLimit: bodyLimit) { request in
            let only = try request.decodeBody(FilterBody.self).onlyUnanswered
            let player = try await models(request)
            // The pages number a round's questions by their place in the whole list.
            try refuseInClassroom(player, "En la clase se ven todas las preguntas de la ronda.")
            await player.quizzes.setOnlyUnanswered(only)
            return try .json(FilterState(onlyUnanswered: only))
        }
        addQuizActions(to: &router, prefix: "/api/quizzes", judgedByClassroom: true) {
            let player = try await models($0)
            return (player.seat, player.quizzes)
        }

        // One at a time.
        router.get("/api/quiz/state") { request in
            try await models(request).topics["quiz"]!.stateResponse()
        }
        router.post("/api/quiz/next", bodyLimit: bodyLimit) { request in
            let model = try await models(request).quiz
            try await APIError.run { try await model.next() }
            return try .json(Done())
        }
        addQuizActions(to: &router, prefix: "/api/quiz", judgedByClassroom: false) {
            let player = try await models($0)
            return (player.seat, player.quiz)
        }
    }

    /// 409 with `message` when `player` plays in a classroom.
    private static func refuseInClassroom(_ player: PlayerModels, _ message: String) throws {
        if player.seat != nil { throw HTTPError(.conflict, message: message) }
    }

    /// The actions both quiz apps share, on the quiz `{id}` under `prefix`: check, favourite
    /// (`PUT` marks, `DELETE` unmarks) and the right answer. A classroom player's checks of the
    /// list go through the room's rules (`judgedByClassroom`); a classroom player never gets
    /// the right answer.
    private static func addQuizActions(
        to router: inout Router, prefix: String, judgedByClassroom: Bool,
        model: @escaping @Sendable (HTTPRequest) async throws -> (seat: ClassroomSeat?, quizzes: any QuizPlaying)
    ) {
        router.post("\(prefix)/:id/check", bodyLimit: bodyLimit) { request in
            let id = try request.idParameter()
            let answer = try request.decodeBody(AnswerBody.self).answer
            let (seat, quizzes) = try await model(request)
            if judgedByClassroom, let seat {
                return try .json(try await APIError.run {
                    try await seat.session.checkQuiz(playerID: seat.playerID, quizID: id, answer: answer)
                })
            }
            return try .json(try await APIError.run { try await quizzes.check(quizID: id, answer: answer) })
        }
        for (method, favourite) in [(HTTPMethod.put, true), (.delete, false)] {
            router.add(method, "\(prefix)/:id/favourite", bodyLimit: bodyLimit) { request in
                let id = try request.idParameter()
                let quizzes = try await model(request).quizzes
                return try .json(try await APIError.run { try await quizzes.setFavourite(quizID: id, favourite) })
            }
        }
        router.get("\(prefix)/:id/answer") { request in
            let id = try request.idParameter()
            let (seat, quizzes) = try await model(request)
            if seat != nil {
                throw HTTPError(.forbidden, message: "En la clase no se pueden ver las respuestas.")
            }
            let answer = try await APIError.run { try await quizzes.answer(quizID: id) }
            return try .json(QuizAnswer(quizId: id, answer: answer))
        }
    }
}

/// What the two quiz models have in common: a quiz can be checked, marked and revealed.
@MainActor
protocol QuizPlaying: AnyObject, Sendable {
    func check(quizID: Int, answer: String) async throws(ModelError) -> QuizCheckResult
    func setFavourite(quizID: Int, _ favourite: Bool) async throws(ModelError) -> FavouriteStatus
    func answer(quizID: Int) async throws(ModelError) -> String
}

extension QuizzesModel: QuizPlaying {}
extension QuizModel: QuizPlaying {}
