import Foundation
import ModelsTesting
import Testing
import TestSupport

@testable import Models

@Suite("QuizzesModel: check, score, record, filter, favourites, answer", .timeLimit(.minutes(5)))
@MainActor
struct QuizzesModelPlayTests {
    private let transport = ScriptedTransport()
    private let directory = TestFiles.scratch("adivina-play")

    private func makeModel(server: String = "http://quiz.test", store: Store? = nil, recordKey: String? = nil) -> QuizzesModel {
        QuizzesModel(
            client: QuizServerClient(baseURL: URL(string: server)!, token: "tok", transport: transport), store: store,
            recordKey: recordKey)
    }

    private func downloaded(_ ids: [Int], model: QuizzesModel) async throws {
        transport.enqueue(QuizReplies.list(ids))
        try await model.download()
    }

    @Test func aRightAnswerCountsOnceForScoreAndRecord() async throws {
        let model = makeModel()
        try await downloaded([1, 2, 3], model: model)
        transport.enqueue(QuizReplies.check(2, "Roma", right: true))
        transport.enqueue(QuizReplies.check(2, "roma ", right: true))
        transport.enqueue(QuizReplies.check(3, "x", right: false))
        #expect(try await model.check(quizID: 2, answer: "Roma").result)
        #expect(try await model.check(quizID: 2, answer: "roma ").result)
        #expect(try await model.check(quizID: 3, answer: "x").result == false)
        #expect(model.score == 1)
        #expect(model.record == 1)
        #expect(model.snapshot.value.quizzes.map(\.answeredRight) == [false, true, false])
    }

    @Test(arguments: AnswerEscapes.cases)
    func sendsTheAnswerEscapedByteForByte(answer: String, escaped: String) async throws {
        let model = makeModel()
        try await downloaded([9], model: model)
        transport.enqueue(QuizReplies.check(9, "x", right: false))
        _ = try await model.check(quizID: 9, answer: answer)
        #expect(transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/9/check?answer=\(escaped)&token=tok")
    }

    @Test func aReloadResetsTheScoreButNotTheRecord() async throws {
        let model = makeModel()
        try await downloaded([1, 2], model: model)
        transport.enqueue(QuizReplies.check(1, "a", right: true))
        _ = try await model.check(quizID: 1, answer: "a")
        try await downloaded([1, 5], model: model)
        #expect(model.score == 0)
        #expect(model.record == 1)
        transport.enqueue(QuizReplies.check(5, "b", right: true))
        _ = try await model.check(quizID: 5, answer: "b")
        #expect(model.score == 1)
        #expect(model.record == 2)
    }

    @Test func aCheckThatEndsAfterAReloadCountsOnlyForTheRecord() async throws {
        let model = makeModel()
        try await downloaded([1, 2], model: model)
        let slow = transport.enqueueHeld(QuizReplies.check(1, "a", right: true))
        let check = Task { try await model.check(quizID: 1, answer: "a") }
        await transport.waitForRequests(2)
        try await downloaded([1, 3], model: model)
        slow.open()
        #expect(try await check.value.result)
        #expect(model.score == 0, "it was answered in the previous round")
        #expect(model.record == 1)
    }

    @Test func theRecordIsKeptPerServerAcrossRestarts() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let model = makeModel(store: try Store(directory: directory))
            try await downloaded([1, 2], model: model)
            transport.enqueue(QuizReplies.check(1, "a", right: true))
            transport.enqueue(QuizReplies.check(2, "b", right: true))
            _ = try await model.check(quizID: 1, answer: "a")
            _ = try await model.check(quizID: 2, answer: "b")
        }
        let restarted = makeModel(store: try Store(directory: directory))
        #expect(restarted.record == 2)
        #expect(restarted.score == 0)
        #expect(restarted.snapshot.value.record == 2)
        let otherServer = makeModel(server: "http://other.test", store: try Store(directory: directory))
        #expect(otherServer.record == 0)
    }

    @Test func aStableRecordKeyOutlivesAServerThatMoves() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let model = makeModel(server: "http://127.0.0.1:40001/standin/quiz", store: try Store(directory: directory), recordKey: "standin")
            try await downloaded([1], model: model)
            transport.enqueue(QuizReplies.check(1, "a", right: true))
            _ = try await model.check(quizID: 1, answer: "a")
        }
        let moved = makeModel(server: "http://127.0.0.1:40002/standin/quiz", store: try Store(directory: directory), recordKey: "standin")
        #expect(moved.record == 1)
    }

    @Test func aFailedCheckShowsTheErrorAndChangesNothing() async throws {
        let model = makeModel()
        try await downloaded([1], model: model)
        transport.enqueue(.text("Unauthorized", status: 401))
        await #expect(throws: ModelError.remote(.unauthorized)) { try await model.check(quizID: 1, answer: "a") }
        #expect(model.error == RemoteError.unauthorized.userMessage)
        #expect(model.score == 0)
        transport.enqueue(QuizReplies.check(1, "a", right: false))
        _ = try await model.check(quizID: 1, answer: "a")
        #expect(model.error == nil, "a request that works clears the error")
    }

    @Test func anUnknownQuizIsRefusedWithoutAsking() async throws {
        let model = makeModel()
        try await downloaded([1], model: model)
        await #expect(throws: ModelError.unknownItem(.quiz, id: 99)) { try await model.check(quizID: 99, answer: "a") }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 99)) { try await model.toggleFavourite(quizID: 99) }
        await #expect(throws: ModelError.unknownItem(.quiz, id: 99)) { try await model.answer(quizID: 99) }
        #expect(transport.requests.count == 1)
        #expect(ModelError.unknownItem(.quiz, id: 99).userMessage == "No hay ninguna pregunta con id 99.")
    }

    @Test func theFilterHidesWhatWasAnsweredRight() async throws {
        let model = makeModel()
        try await downloaded([1, 2, 3], model: model)
        transport.enqueue(QuizReplies.check(2, "a", right: true))
        _ = try await model.check(quizID: 2, answer: "a")
        model.setOnlyUnanswered(true)
        #expect(model.visibleQuizzes.map(\.id) == [1, 3])
        #expect(model.snapshot.value.quizzes.map(\.id) == [1, 3])
        #expect(model.snapshot.value.onlyUnanswered)
        #expect(model.snapshot.value.score == 1, "the score still counts the hidden one")
        model.setOnlyUnanswered(false)
        #expect(model.snapshot.value.quizzes.map(\.id) == [1, 2, 3])
    }

    @Test func favouritesFollowTheServersAnswer() async throws {
        let model = makeModel()
        try await downloaded([1, 2], model: model)
        transport.enqueue(QuizReplies.favourite(1, true))
        #expect(try await model.toggleFavourite(quizID: 1) == FavouriteStatus(id: 1, favourite: true))
        #expect(transport.requests.last?.httpMethod == "PUT")
        #expect(model.quizzes.first?.favourite == true)
        #expect(model.snapshot.value.quizzes.first?.favourite == true)
        // The server says it is still a favourite: the server wins.
        transport.enqueue(QuizReplies.favourite(1, true))
        _ = try await model.toggleFavourite(quizID: 1)
        #expect(transport.requests.last?.httpMethod == "DELETE")
        #expect(model.quizzes.first?.favourite == true)
        transport.enqueue(QuizReplies.favourite(1, false))
        _ = try await model.setFavourite(quizID: 1, false)
        #expect(model.quizzes.first?.favourite == false)
        transport.enqueue(.failure(.timeout))
        await #expect(throws: ModelError.remote(.timeout)) { try await model.toggleFavourite(quizID: 1) }
        #expect(model.quizzes.first?.favourite == false)
        #expect(model.error == RemoteError.timeout.userMessage)
    }

    @Test func answerAsksTheServer() async throws {
        let model = makeModel()
        try await downloaded([4], model: model)
        transport.enqueue(QuizReplies.answer(4, "Moscú"))
        #expect(try await model.answer(quizID: 4) == "Moscú")
        #expect(transport.requests.last?.url?.absoluteString == "http://quiz.test/api/quizzes/4/answer?token=tok")
        transport.enqueue(.json(#"{"error":"There is no quiz with id=4"}"#, status: 404))
        await #expect(throws: ModelError.remote(.notFound("There is no quiz with id=4"))) { try await model.answer(quizID: 4) }
    }

    @Test func aStoreThatCannotBeReadIsShownAsAnError() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(directory: directory)
        try store.write { connection throws(StoreError) in try connection.execute("DROP TABLE quiz_record") }
        let model = makeModel(store: store)
        #expect(model.error?.hasPrefix("Error de la base de datos") == true)
        #expect(model.record == 0)
    }
}
