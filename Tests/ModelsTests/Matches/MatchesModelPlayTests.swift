import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("MatchesModel: current match, check, rightResponse and late answers", .timeLimit(.minutes(5)))
@MainActor
struct MatchesModelPlayTests {
    private let server = Scripted { MatchesModel(client: MatchesClient(baseURL: URL(string: "http://127.0.0.1:9/standin/matches")!, transport: $0)) }

    private func loaded(_ ids: [Int] = [1, 2, 3]) async throws -> MatchesModel {
        server.transport.enqueue(MatchReplies.list(ids))
        try await server.model.download()
        return server.model
    }

    @Test func aCheckAsksTheServerAndSetsRightResponse() async throws {
        let model = try await loaded()
        try model.select(id: 2)
        #expect(model.rightResponse == nil)
        #expect(model.snapshot.value.selection.current?.details == nil, "details only after the answer")
        server.transport.enqueue(MatchReplies.check(2, right: false))
        let wrong = try await model.check(id: 2, winner: 2)
        #expect(server.transport.requests.last?.url?.absoluteString == "http://127.0.0.1:9/standin/matches/check?id=2&winner=2")
        #expect(wrong == AnswerResult(id: 2, answer: 2, solution: 1, result: false, sequence: 1))
        #expect(model.rightResponse == false)
        let selection = model.snapshot.value.selection
        #expect(selection.rightResponse == false)
        #expect(selection.current?.details == "1-0 en el partido 2.")
        #expect(model.game.score == 0)
        server.transport.enqueue(MatchReplies.check(2, right: true))
        #expect(try await model.check(id: 2, winner: 1).result)
        #expect(model.rightResponse == true && model.game.score == 1)
    }

    @Test func changingMatchResetsRightResponseAndSelectingTheSameDoesNot() async throws {
        let model = try await loaded()
        server.transport.enqueue(MatchReplies.check(1, right: true))
        _ = try await model.check(id: 1, winner: 1)
        #expect(model.current?.id == 1, "checking a match makes it current")
        try model.select(id: 1)
        #expect(model.rightResponse == true)
        try model.select(id: 3)
        #expect(model.rightResponse == nil && model.game.lastResult == nil)
        try model.select(id: nil)
        #expect(model.current == nil)
        #expect(model.game.score == 1, "the score is the session's")
        #expect(throws: ModelError.unknownItem(.match, id: 9)) { try model.select(id: 9) }
        await #expect(throws: ModelError.invalid("La opción 3 no existe: elige 1 o 2.")) { try await model.check(id: 1, winner: 3) }
        #expect(server.transport.requests.count == 2, "refused before asking the server")
    }

    @Test func aLateAnswerForAPreviousMatchIsIgnored() async throws {
        let model = try await loaded()
        let late = server.transport.enqueueHeld(MatchReplies.check(1, right: true))
        let check = Task { try await model.check(id: 1, winner: 1) }
        await server.transport.waitForRequests(2)
        try model.select(id: 2)
        #expect(model.current?.id == 2, "choosing another match never waits for the check")
        late.open()
        await #expect(throws: ModelError.conflict("Esta respuesta ya no cuenta: se ha cambiado de partido o se ha vuelto a responder.")) {
            try await check.value
        }
        #expect(model.rightResponse == nil)
        #expect(model.game.score == 0)
        #expect(model.game.error == nil)
    }

    @Test func aNewerCheckOfTheSameMatchWins() async throws {
        let model = try await loaded()
        let slow = server.transport.enqueueHeld(MatchReplies.check(1, right: false))
        let first = Task { try await model.check(id: 1, winner: 2) }
        await server.transport.waitForRequests(2)
        server.transport.enqueue(MatchReplies.check(1, right: true))
        #expect(try await model.check(id: 1, winner: 1).result)
        slow.open()
        await #expect(throws: ModelError.self) { try await first.value }
        #expect(model.rightResponse == true)
    }

    @Test func aFailedCheckShowsTheErrorAndLeavesRightResponseNil() async throws {
        let model = try await loaded()
        server.transport.enqueue(.json(#"{"error":"There is no match with id=1"}"#, status: 404))
        await #expect(throws: ModelError.remote(.notFound("There is no match with id=1"))) { try await model.check(id: 1, winner: 1) }
        #expect(model.rightResponse == nil)
        #expect(model.game.error == RemoteError.notFound(nil).userMessage)
        server.transport.enqueue(MatchReplies.check(3, right: true))
        let wrongMatch = RemoteError.malformed("se ha preguntado por el partido 1 y la respuesta es del 3")
        await #expect(throws: ModelError.remote(wrongMatch)) { try await model.check(id: 1, winner: 1) }
        server.transport.enqueue(MatchReplies.check(1, right: true))
        _ = try await model.check(id: 1, winner: 1)
        #expect(model.game.error == nil, "a check that works clears the error")
    }
}
