import Foundation
import ModelsTesting
import Testing

@testable import Models

@Suite("MatchesModel is Observable: the matches, the current match and rightResponse", .timeLimit(.minutes(5)))
@MainActor
struct MatchesModelObservationTests {
    private let server = Scripted { MatchesModel(client: MatchesClient(baseURL: URL(string: "http://matches.test")!, transport: $0)) }
    private var model: MatchesModel { server.model }

    private func loaded(_ ids: [Int] = [1, 2, 3]) async throws {
        server.transport.enqueue(MatchReplies.list(ids))
        try await model.download()
    }

    @Test func aDownloadFiresTheMatchesOnce() async throws {
        let list = tracking { model.matches.map(\.id) }
        try await loaded()
        #expect(list.count == 1)
    }

    @Test func selectingFiresTheCurrentMatchAndNotTheList() async throws {
        try await loaded()
        let current = tracking { model.current?.id }
        let list = tracking { model.matches }
        try model.select(id: 2)
        #expect(current.count == 1 && list.count == 0)
        let same = tracking { model.current }
        try model.select(id: 2)
        #expect(same.count == 0)
    }

    @Test func aCheckFiresRightResponseAndARightOneTheScore() async throws {
        try await loaded()
        try model.select(id: 1)
        let response = tracking { model.rightResponse }
        let score = tracking { model.score }
        server.transport.enqueue(MatchReplies.check(1, right: false))
        _ = try await model.check(id: 1, winner: 2)
        #expect(response.count == 1 && score.count == 0)
        let right = tracking { model.score }
        let unchanged = tracking { model.rightResponse }
        server.transport.enqueue(MatchReplies.check(1, right: false))
        _ = try await model.check(id: 1, winner: 2)
        #expect(right.count == 0 && unchanged.count == 0, "wrong again: rightResponse comes out equal")
    }

    @Test func aReloadThatKeepsTheCurrentMatchDoesNotFireIt() async throws {
        try await loaded()
        try model.select(id: 2)
        let current = tracking { model.current }
        try await loaded([2, 1, 3])
        #expect(current.count == 0, "the same match, only the order changed")
        let gone = tracking { model.current }
        try await loaded([1, 3])
        #expect(gone.count == 1 && model.current == nil)
    }

    @Test func anObservedModelIsReleased() async throws {
        let released = try await isReleasedAfterObserving(over: MatchReplies.list([1])) {
            MatchesModel(client: MatchesClient(baseURL: URL(string: "http://matches.test")!, transport: $0))
        } read: { _ = $0.matches } change: { try await $0.download() }
        #expect(released)
    }
}
