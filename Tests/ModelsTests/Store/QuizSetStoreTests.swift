import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("QuizSetStore: the host's sets and their uploaded images in SQLite")
struct QuizSetStoreTests {
    private let database = ScratchDatabase("adivina-sets")
    private var path: String { database.path }
    private let clock = TestClock()

    private func sets() throws -> QuizSetStore {
        let clock = self.clock
        return QuizSetStore(store: try Store(path: path), now: { clock.now })
    }

    private let capitals = QuizSet(title: "Capitales", quizzes: [
        SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"]),
        SetQuiz(question: "¿Capital de Italia?", answer: "Roma", image: "/api/classroom/images/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"),
    ])

    @Test func createsGetsListsAndKeepsSetsAcrossReopening() throws {
        let store = try sets()
        let id = try store.create(capitals)
        clock.advance(by: 1)
        let other = try store.create(QuizSet(title: "Ríos", quizzes: [SetQuiz(question: "¿El más largo?", answer: "Nilo")]))
        var expected = capitals
        expected.id = id
        #expect(try store.get(id) == expected)
        #expect(try store.list() == [.init(id: other, title: "Ríos", count: 1), .init(id: id, title: "Capitales", count: 2)])
        #expect(try sets().get(id) == expected, "kept in the file")
    }

    @Test func keepsAQuizOfEveryKindWhole() throws {
        let store = try sets()
        let mixed = QuizSet(title: "Mezcla", quizzes: [
            SetQuiz(question: "¿Capital de Francia?", answer: "París", alternatives: ["Paris"], feedback: "Desde el siglo X."),
            SetQuiz.choice("¿Primos?", options: [SetQuizOption(text: "2", right: true), SetQuizOption(text: "4", right: false)]),
            SetQuiz.trueOrFalse("¿El Sol es una estrella?", true, image: "/api/classroom/images/1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e"),
            SetQuiz.number("¿π?", value: 3.14, tolerance: 0.01),
            SetQuiz.poll("¿Té o café?", options: ["Té", "Café"]),
        ])
        let id = try store.create(mixed)
        var expected = mixed
        expected.id = id
        #expect(try sets().get(id) == expected)
    }

    @Test func updatesReplaceTheTitleAndQuizzesAndMoveTheSetFirst() throws {
        let store = try sets()
        let id = try store.create(capitals)
        clock.advance(by: 1)
        let other = try store.create(QuizSet(title: "Ríos", quizzes: [SetQuiz(question: "q", answer: "a")]))
        clock.advance(by: 1)
        try store.update(id, with: QuizSet(title: " Europa ", quizzes: [SetQuiz(question: "¿Capital de Suiza?", answer: "Berna")]))
        #expect(try store.get(id) == QuizSet(id: id, title: "Europa", quizzes: [SetQuiz(question: "¿Capital de Suiza?", answer: "Berna")]))
        #expect(try store.list().map(\.id) == [id, other])
        #expect(throws: ModelError.unknownItem(.set, id: 999)) { try store.update(999, with: capitals) }
    }

    @Test func anInvalidSetIsRefusedAndNothingIsWritten() throws {
        let store = try sets()
        let id = try store.create(capitals)
        #expect(throws: ModelError.invalid("Falta el título.")) { try store.create(QuizSet(title: "", quizzes: capitals.quizzes)) }
        #expect(throws: ModelError.invalid("Pregunta 1: Falta la respuesta.")) {
            try store.update(id, with: QuizSet(title: "x", quizzes: [SetQuiz(question: "q", answer: " ")]))
        }
        #expect(try store.get(id).title == "Capitales")
        #expect(try store.list().count == 1)
    }

    @Test func duplicatesAndDeletes() throws {
        let store = try sets()
        let id = try store.create(capitals)
        let copy = try store.duplicate(id)
        #expect(copy != id)
        #expect(try store.get(copy).title == "Capitales (copia)")
        #expect(try store.get(copy).quizzes == capitals.quizzes)
        let long = try store.create(QuizSet(title: String(repeating: "t", count: QuizSet.maxTitleLength), quizzes: capitals.quizzes))
        #expect(try store.get(try store.duplicate(long)).title.count == QuizSet.maxTitleLength)
        try store.delete(id)
        #expect(throws: ModelError.unknownItem(.set, id: id)) { try store.get(id) }
        #expect(throws: ModelError.unknownItem(.set, id: id)) { try store.delete(id) }
        #expect(throws: ModelError.unknownItem(.set, id: id)) { try store.duplicate(id) }
        #expect(try store.get(copy).quizzes.count == 2, "the copy is its own")
        let orphans = try store.store.read { connection throws(StoreError) in
            var count = 0
            try connection.run("SELECT count(*) FROM classroom_set_quizzes WHERE set_id = ?1", [.integer(Int64(id))]) { count = Int($0.integer(0)) }
            return count
        }
        #expect(orphans == 0, "a set's quizzes go with it")
    }

    @Test func namesAnUploadAsOnlyAnUploadIsNamed() {
        let names = (0..<20).map { _ in QuizSetStore.newImageName() }
        #expect(names.allSatisfy(SetImage.isName))
        #expect(Set(names).count == names.count)
    }

    @Test func keepsUploadedImagesAndDropsTheUnusedOnesADayLater() throws {
        let store = try sets()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let used = try store.addImage(try SetImage(bytes: png))
        let unused = try store.addImage(try SetImage(bytes: png + [4]))
        #expect(used.hasPrefix(SetQuiz.uploadedImagePrefix) && used != unused)
        let usedName = String(used.dropFirst(SetQuiz.uploadedImagePrefix.count))
        let unusedName = String(unused.dropFirst(SetQuiz.uploadedImagePrefix.count))
        #expect(try store.image(named: usedName) == SetImage(mime: "image/png", checkedBytes: png))
        #expect(try store.image(named: "nada") == nil)
        let id = try store.create(QuizSet(title: "Con imagen", quizzes: [SetQuiz(question: "q", answer: "a", image: used)]))
        try store.delete(try store.create(capitals))
        #expect(try store.image(named: unusedName) != nil, "an upload may belong to a set being edited")
        clock.advance(by: QuizSetStore.unusedImageLifetime + 1)
        try store.update(id, with: QuizSet(title: "Con imagen", quizzes: [SetQuiz(question: "q2", answer: "a", image: used)]))
        #expect(try store.image(named: unusedName) == nil)
        #expect(try store.image(named: usedName) != nil)
    }
}
