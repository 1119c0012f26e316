import Foundation
import ModelsTesting
import Signals
import Testing
import TestSupport

@testable import Models

@Suite("QuizzesModel: download, load, failures and supersession", .timeLimit(.minutes(5)))
@MainActor
struct QuizzesModelDownloadTests {
    private let server = Scripted { QuizzesModel.testing(over: $0, base: "http://quiz.test/base") }

    @Test func downloadFillsTheListAndSnapshot() async throws {
        server.transport.enqueue(QuizReplies.list([4, 8, 15]))
        try await server.model.download()
        #expect(server.model.quizzes.map(\.id) == [4, 8, 15])
        #expect(server.model.loading == false)
        #expect(server.model.error == nil)
        #expect(server.transport.requests.map { $0.url?.absoluteString } == ["http://quiz.test/base/api/quizzes/random10?token=tok"])
        let snapshot = server.model.snapshot.value
        #expect(snapshot.quizzes.map(\.id) == [4, 8, 15])
        #expect(snapshot.quizzes.first?.authorName == "ana")
        #expect(snapshot.quizzes.first?.authorPhoto == "/img/ana.svg")
        #expect(try JSONDecoder().decode(QuizzesSnapshot.self, from: server.model.snapshotJSON.value) == snapshot)
    }

    @Test func reportsItemsItCouldNotRead() async throws {
        server.transport.enqueue(.json("[" + QuizReplies.itemJSON(1) + #",{"id":2,"question":7}]"#))
        try await server.model.download()
        #expect(server.model.quizzes.map(\.id) == [1])
        #expect(server.model.skipped.map(\.description) == ["elemento 1 (id 2): tipo incorrecto en «question»: se esperaba String"])
    }

    @Test func showsLoadingWhileASlowServerThinksAndStaysUsable() async throws {
        let gate = server.transport.enqueueHeld(QuizReplies.list([5]))
        let download = Task { try await server.model.download() }
        await server.transport.waitForRequests(1)
        #expect(server.model.loading)
        #expect(server.model.snapshot.value.loading)
        server.model.setOnlyUnanswered(true)
        #expect(server.model.snapshot.value.onlyUnanswered)
        gate.open()
        try await download.value
        #expect(server.model.loading == false)
        #expect(server.model.quizzes.map(\.id) == [5])
    }

    @Test func loadingAFileSupersedesADownloadInFlight() async throws {
        let slow = server.transport.enqueueHeld(QuizReplies.list([1]))
        let download = Task { try await server.model.download() }
        await server.transport.waitForRequests(1)
        let file = try temporaryFile(#"[{"id":42,"question":"Local","answer":"sí"}]"#)
        defer { try? FileManager.default.removeItem(at: file) }
        try server.model.load(from: file)
        #expect(server.model.loading == false)
        slow.open()
        try await download.value
        #expect(server.model.quizzes.map(\.id) == [42])
    }

    @Test(arguments: Fixtures.quizFiles) func loadsEachShape(file: QuizFixture) throws { try loads(file) }
    @Test(.realFixtures, arguments: RealFixtures.quizFiles) func loadsEachRealFile(file: QuizFixture) throws { try loads(file) }

    private func loads(_ file: QuizFixture) throws {
        try server.model.load(from: file.url)
        #expect(server.model.quizzes.count == file.count)
        #expect(server.model.skipped.count == file.duplicateIDs.count)
        #expect(server.model.snapshot.value.quizzes.count == file.count)
        #expect(server.model.error == nil)
    }

    @Test func aBadFileShowsAnErrorAndKeepsTheList() throws {
        let good = try temporaryFile(#"[{"id":1,"question":"Uno"}]"#)
        let html = try temporaryFile("<html>no</html>")
        let empty = try temporaryFile(#"[{"id":"x"}]"#)
        defer { for file in [good, html, empty] { try? FileManager.default.removeItem(at: file) } }
        try server.model.load(from: good)
        #expect(throws: ModelError.file("\(html.lastPathComponent) no es una lista de preguntas en JSON")) {
            try server.model.load(from: html)
        }
        #expect(server.model.error == ModelError.file("\(html.lastPathComponent) no es una lista de preguntas en JSON").userMessage)
        #expect(throws: ModelError.self) { try server.model.load(from: empty) }
        #expect(throws: ModelError.file("no se puede leer nada.json")) {
            try server.model.load(from: good.deletingLastPathComponent().appendingPathComponent("nada.json"))
        }
        #expect(server.model.quizzes.map(\.id) == [1])
    }

    @Test func refusesAFileLargerThanTheLimit() throws {
        let big = try temporaryFile(String(repeating: " ", count: QuizzesModel.maxFileSize + 1) + "[]")
        defer { try? FileManager.default.removeItem(at: big) }
        #expect(throws: ModelError.file("ocupa más de 10 MB")) { try server.model.load(from: big) }
    }

    @Test func theSnapshotChangesOncePerBurst() async throws {
        let seen = SeenValues<Data>()
        let subscription = server.model.snapshotJSON.subscribe { seen.append($0) }
        defer { subscription.cancel() }
        #expect(seen.count == 1, "the current value on subscribing")
        server.transport.enqueue(QuizReplies.list([1, 2, 3]))
        try await server.model.download()
        #expect(seen.count == 3, "loading on, then the list with loading off in one wave")
        server.model.setOnlyUnanswered(false)
        #expect(seen.count == 3, "a write that changes nothing notifies nobody")
        let last = try JSONDecoder().decode(QuizzesSnapshot.self, from: try #require(seen.last))
        #expect(last.quizzes.count == 3)
        #expect(last.loading == false)
    }

    private func temporaryFile(_ text: String) throws -> URL {
        let file = TestFiles.scratch("quizzes", suffix: ".json")
        try TestFiles.write(Data(text.utf8), to: file)
        return file
    }
}
