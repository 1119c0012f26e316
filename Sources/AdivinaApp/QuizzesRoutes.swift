import Foundation
import HTTPServer
import Models

/// The web API of the two quiz apps: `/api/quizzes/…` (the list, practices 4.1/4.2) and
/// `/api/quiz/…` (one at a time, exam June 2022). Every action calls one model method; the new
/// state reaches the pages over SSE, the answer only says how the action went.
enum QuizzesRoutes {
    private struct AnswerBody: Decodable { var answer: String }
    private struct FilterBody: Decodable { var onlyUnanswered: Bool }
    private struct FilterState: Encodable { var onlyUnanswered: Bool }

    /// Adds the routes to `router`; `models` gives the player's models at request time.
    static func add(to router: inout Router, models: @escaping @Sendable () async -> PlayerModels) {
        // The list.
        AppRoutes.addState(to: &router, app: "quizzes", models: models)
        AppRoutes.addReload(to: &router, app: "quizzes") { try await models().quizzes.download() }
        router.post("/api/quizzes/:id/check", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let answer = try request.decodeBody(AnswerBody.self).answer
            let model = await models().quizzes
            return try .json(try await APIError.run { try await model.check(quizID: id, answer: answer) })
        }
        router.put("/api/quizzes/:id/favourite", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let model = await models().quizzes
            return try .json(try await APIError.run { try await model.setFavourite(quizID: id, true) })
        }
        router.delete("/api/quizzes/:id/favourite", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let model = await models().quizzes
            return try .json(try await APIError.run { try await model.setFavourite(quizID: id, false) })
        }
        router.get("/api/quizzes/:id/answer") { request in
            let id = try request.idParameter()
            let model = await models().quizzes
            let answer = try await APIError.run { try await model.answer(quizID: id) }
            return try .json(QuizAnswer(quizId: id, answer: answer))
        }
        router.put("/api/quizzes/filter", bodyLimit: AppRoutes.bodyLimit) { request in
            let only = try request.decodeBody(FilterBody.self).onlyUnanswered
            await models().quizzes.setOnlyUnanswered(only)
            return try .json(FilterState(onlyUnanswered: only))
        }

        // One at a time.
        AppRoutes.addState(to: &router, app: "quiz", models: models)
        router.post("/api/quiz/next", bodyLimit: AppRoutes.bodyLimit) { _ in
            let model = await models().quiz
            try await APIError.run { try await model.next() }
            return try .json(AppRoutes.Done())
        }
        router.post("/api/quiz/:id/check", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let answer = try request.decodeBody(AnswerBody.self).answer
            let model = await models().quiz
            return try .json(try await APIError.run { try await model.check(quizID: id, answer: answer) })
        }
        router.put("/api/quiz/:id/favourite", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let model = await models().quiz
            return try .json(try await APIError.run { try await model.setFavourite(quizID: id, true) })
        }
        router.delete("/api/quiz/:id/favourite", bodyLimit: AppRoutes.bodyLimit) { request in
            let id = try request.idParameter()
            let model = await models().quiz
            return try .json(try await APIError.run { try await model.setFavourite(quizID: id, false) })
        }
        router.get("/api/quiz/:id/answer") { request in
            let id = try request.idParameter()
            let model = await models().quiz
            let answer = try await APIError.run { try await model.answer(quizID: id) }
            return try .json(QuizAnswer(quizId: id, answer: answer))
        }
    }
}
