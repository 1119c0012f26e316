import Foundation
import Testing
import TestSupport

@testable import Models

@Suite("QuizzesModel from a local quizzes.json (practice 4.1): every quiz, judged locally", .timeLimit(.minutes(5)))
@MainActor
struct QuizzesModelFileTests {
    private let directory = TestFiles.scratch("adivina-file")

    private func file(_ text: String, name: String = "quizzes.json") throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private static let three = """
        [{"id":7,"question":"¿Capital de Italia?","answer":" Roma ","favourite":true},
         {"id":2,"question":"¿Dos más dos?","answer":"4"},
         {"id":9,"question":"¿Color del cielo?","answer":"Azul"}]
        """

    @Test(arguments: Fixtures.quizFiles)
    func listsEveryQuizOfEachShapeInFileOrder(file: QuizFixture) async throws {
        let model = QuizzesModel(file: file.url, store: nil)
        #expect(model.quizzes.isEmpty, "nothing is read before the first download")
        try await model.download()
        var seen = Set<Int>()
        let inOrder = try file.items().compactMap { $0["id"] as? Int }.filter { seen.insert($0).inserted }
        #expect(model.quizzes.map(\.id) == inOrder)
        #expect(model.quizzes.count == file.count)
        #expect(model.snapshot.value.skipped == file.duplicateIDs.count)
        #expect(model.snapshot.value.file == file.name)
        for quiz in model.quizzes {
            let answer = try #require(quiz.answer)
            #expect(try await model.check(quizID: quiz.id, answer: " \(answer.uppercased()) ").result)
        }
        #expect(model.score == file.count)
        let json = String(decoding: model.snapshotJSON.value, as: UTF8.self)
        for quiz in model.quizzes {
            #expect(!json.contains("\"answer\""), "quiz \(quiz.id): the list never carries an answer")
        }
    }

    @Test(.realFixtures, arguments: RealFixtures.quizFiles)
    func listsEveryQuizOfTheRealFiles(file: QuizFixture) async throws {
        let model = QuizzesModel(file: file.url, store: nil)
        try await model.download()
        #expect(model.quizzes.count == file.count)
        #expect(model.snapshot.value.skipped == file.duplicateIDs.count)
    }

    @Test func anItemThatCannotBePlayedIsSkippedAndCounted() async throws {
        let url = try file("""
            [{"id":1,"question":"Uno","answer":"a"},{"id":2,"question":"Sin respuesta"},
             {"id":3,"question":7,"answer":"c"},null,{"id":1,"question":"Otra vez","answer":"b"},
             {"id":4,"question":"Cuatro","answer":"d"}]
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = QuizzesModel(file: url, store: nil)
        try await model.download()
        #expect(model.quizzes.map(\.id) == [1, 4])
        #expect(model.skipped.map(\.description) == [
            "elemento 1 (id 2): falta el campo «answer»",
            "elemento 2 (id 3): tipo incorrecto en «question»: se esperaba String",
            "elemento 3: elemento nulo",
            "elemento 4 (id 1): id repetido",
        ])
        #expect(model.snapshot.value.skipped == 4)
        #expect(model.error == nil)
    }

    @Test func aFieldTheGameDoesNotUseNeverCostsAQuiz() async throws {
        let url = try file("""
            [{"id":1,"question":"Uno","answer":"a","favourite":"maybe"},
             {"id":2,"question":"Dos","answer":"b","author":42,"attachment":{"url":7}},
             {"id":3,"question":"Tres","answer":"c","author":{"id":"x"},"attachment":["no"],"extra":null}]
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = QuizzesModel(file: url, store: nil)
        try await model.download()
        #expect(model.quizzes.map(\.id) == [1, 2, 3] && model.skipped.isEmpty)
        #expect(model.quizzes.allSatisfy { $0.author == nil && $0.attachment == nil && !$0.favourite })
    }

    @Test func judgesTrimmedAndCaseInsensitiveAndRevealsOnlyOnRequest() async throws {
        let url = try file(Self.three)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = QuizzesModel(file: url, store: nil)
        try await model.download()
        #expect(try await model.check(quizID: 7, answer: "roma") == QuizCheckResult(quizId: 7, answer: "roma", result: true))
        #expect(try await model.check(quizID: 9, answer: "  AZUL\n").result)
        #expect(try await model.check(quizID: 2, answer: "cuatro").result == false)
        #expect(try await model.answer(quizID: 2) == "4")
        #expect(model.score == 2 && model.record == 2)
        await #expect(throws: ModelError.unknownItem(.quiz, id: 5)) { try await model.check(quizID: 5, answer: "x") }
        #expect(!String(decoding: model.snapshotJSON.value, as: UTF8.self).contains("Roma"))
    }

    @Test func theRecordAndTheFavouritesAreKeptPerFile() async throws {
        let first = try file(Self.three)
        let second = try file(Self.three, name: "otro.json")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try Store(directory: directory)
            let model = QuizzesModel(file: first, store: store)
            try await model.download()
            #expect(model.quizzes.allSatisfy { !$0.favourite }, "the file's own marks are not the player's")
            #expect(try await model.check(quizID: 2, answer: "4").result)
            #expect(try await model.setFavourite(quizID: 9, true) == FavouriteStatus(id: 9, favourite: true))
            try await model.toggleFavourite(quizID: 2)
            try await model.toggleFavourite(quizID: 2)
            #expect(model.snapshot.value.quizzes.filter(\.favourite).map(\.id) == [9])
        }
        let store = try Store(directory: directory)
        let again = QuizzesModel(file: first, store: store)
        try await again.download()
        #expect(again.record == 1)
        #expect(again.score == 0)
        #expect(again.quizzes.filter(\.favourite).map(\.id) == [9])
        let other = QuizzesModel(file: second, store: store)
        try await other.download()
        #expect(other.record == 0, "another file has its own record")
        #expect(other.quizzes.filter(\.favourite).isEmpty)
        #expect(LocalQuizFile(url: first).key == "file:" + first.standardizedFileURL.path)
    }

    @Test func downloadReadsTheFileAgainAndAFailureKeepsTheList() async throws {
        let url = try file(Self.three)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = QuizzesModel(file: url, store: nil)
        try await model.download()
        #expect(try await model.check(quizID: 7, answer: "Roma").result)
        try Data(#"[{"id":11,"question":"Nueva","answer":"sí"},{"id":7,"question":"¿Capital de Italia?","answer":"Roma"}]"#.utf8)
            .write(to: url)
        try await model.download()
        #expect(model.quizzes.map(\.id) == [11, 7])
        #expect(model.score == 0, "a new reading is a new round")
        #expect(model.record == 1)
        try FileManager.default.removeItem(at: url)
        await #expect(throws: ModelError.file("no se puede leer quizzes.json")) { try await model.download() }
        #expect(model.quizzes.map(\.id) == [11, 7])
        #expect(model.error == ModelError.file("no se puede leer quizzes.json").userMessage)
    }
}
