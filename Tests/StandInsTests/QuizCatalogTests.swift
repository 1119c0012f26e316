import Foundation
import Testing
import TestSupport
@testable import StandIns

@Suite struct QuizCatalogTests {
    @Test func bundledCatalogHasAtLeastFortyVariedQuizzes() throws {
        let catalog = try QuizCatalog.bundled()
        #expect(catalog.entries.count >= 40)
        #expect(catalog.droppedDuplicateIDs.isEmpty)
        let items = try catalog.entries.map { try #require(try jsonValue($0.json) as? [String: Any]) }
        #expect(items.contains { $0["author"] is NSNull })
        #expect(items.contains { $0["attachment"] is NSNull })
        #expect(items.contains { ($0["author"] as? [String: Any])?["photo"] is NSNull })
        #expect(items.contains { (($0["author"] as? [String: Any])?["photo"] as? [String: Any])?["url"] is String })
        #expect(items.contains { ($0["attachment"] as? [String: Any])?["url"] is String })
        // Spanish and English: some questions open with ¿, some are plain English questions.
        let questions = items.compactMap { $0["question"] as? String }
        #expect(questions.filter { $0.hasPrefix("¿") }.count >= 10)
        #expect(questions.filter { $0.hasPrefix("What") || $0.hasPrefix("Which") || $0.hasPrefix("Who") }.count >= 10)
        #expect(Set(catalog.entries.map(\.id)).count == catalog.entries.count)
        #expect(catalog.entries.allSatisfy { !$0.answer.isEmpty && $0.answer == $0.answer.trimmingCharacters(in: .whitespaces) })
    }

    @Test func bundledItemsHaveTheCurrentQuizServerShape() throws {
        let catalog = try QuizCatalog.bundled()
        for entry in catalog.entries {
            let item = try #require(try jsonValue(entry.json) as? [String: Any])
            #expect(Set(item.keys) == ["id", "question", "answer", "author", "attachment", "favourite"], "quiz \(entry.id)")
            if let author = item["author"] as? [String: Any] {
                #expect(Set(author.keys) == ["id", "isAdmin", "username", "accountTypeId", "profileId", "profileName", "photo"], "quiz \(entry.id)")
                if let photo = author["photo"] as? [String: Any] {
                    #expect(Set(photo.keys) == ["url", "mime", "filename"], "quiz \(entry.id)")
                }
            }
            if let attachment = item["attachment"] as? [String: Any] {
                #expect(Set(attachment.keys) == ["url", "mime", "filename"], "quiz \(entry.id)")
            }
        }
    }

    @Test(arguments: Fixtures.quizFiles)
    func loadsEachShape(file: QuizFixture) throws {
        let catalog = try QuizCatalog(contentsOf: file.url)
        #expect(catalog.entries.count == file.count)
        #expect(catalog.droppedDuplicateIDs == file.duplicateIDs)
    }

    @Test(.realFixtures, arguments: RealFixtures.quizFiles)
    func loadsEveryRealFile(file: QuizFixture) throws {
        let catalog = try QuizCatalog(contentsOf: file.url)
        #expect(catalog.entries.count == file.count)
        #expect(catalog.droppedDuplicateIDs == file.duplicateIDs)
    }

    @Test func keepsEveryMemberOfTheItemAsLoaded() throws {
        try keepsEveryMember(Fixtures.quizFile("quizzes-2024.json"), profileId: "118240554093477720000")
    }

    @Test(.realFixtures) func keepsEveryMemberOfTheRealItemsAsLoaded() throws {
        try keepsEveryMember(RealFixtures.quizFile("quizzes-2024.json"), profileId: "111310641530571150000")
    }

    private func keepsEveryMember(_ file: QuizFixture, profileId: String) throws {
        let originals = try file.items()
        let catalog = try QuizCatalog(contentsOf: file.url)
        #expect(originals.count == catalog.entries.count)
        for (original, entry) in zip(originals, catalog.entries) {
            let loaded = try #require(try jsonValue(entry.json) as? NSDictionary)
            #expect(loaded == original as NSDictionary, "quiz \(entry.id)")
        }
        // A profileId beyond Int64 keeps all its digits.
        let text = String(decoding: try #require(catalog.entries.first).json, as: UTF8.self)
        #expect(text.contains("\"profileId\":\(profileId)"))
    }

    @Test func firstItemWinsWhenAnIDRepeats() throws {
        let json = #"[{"id":30,"question":"Q","answer":"first"},{"id":7,"question":"Q","answer":"x"},{"id":30,"question":"Q","answer":"second"}]"#
        let catalog = try QuizCatalog(jsonData: Data(json.utf8))
        #expect(catalog.entries.map(\.id) == [30, 7])
        #expect(catalog.entries.first?.answer == "first")
        #expect(catalog.droppedDuplicateIDs == [30])
    }

    @Test(arguments: [
        (#"{"id":1}"#, QuizCatalog.LoadError.notAnArray),
        (#"[1]"#, .invalidItem(index: 0, reason: "not a JSON object")),
        (#"[{"id":"1","question":"Q","answer":"A"}]"#, .invalidItem(index: 0, reason: "no integer \"id\"")),
        (#"[{"id":true,"question":"Q","answer":"A"}]"#, .invalidItem(index: 0, reason: "no integer \"id\"")),
        (#"[{"id":1.5,"question":"Q","answer":"A"}]"#, .invalidItem(index: 0, reason: "no integer \"id\"")),
        (#"[{"id":1,"question":"Q","answer":"A"},{"id":2,"answer":"A"}]"#, .invalidItem(index: 1, reason: "no string \"question\" (id=2)")),
        (#"[{"id":3,"question":"Q"}]"#, .invalidItem(index: 0, reason: "no string \"answer\" (id=3)")),
        (#"[{"id":3,"question":"Q","answer":33}]"#, .invalidItem(index: 0, reason: "no string \"answer\" (id=3)")),
    ])
    func rejectsFilesItCannotServe(json: String, error: QuizCatalog.LoadError) {
        #expect(throws: error) { try QuizCatalog(jsonData: Data(json.utf8)) }
    }

    @Test func rejectsBytesThatAreNotJSON() {
        #expect {
            try QuizCatalog(jsonData: Data("[{\"id\":1,".utf8))
        } throws: { error in
            guard case QuizCatalog.LoadError.malformedJSON = error else { return false }
            return true
        }
    }
}
