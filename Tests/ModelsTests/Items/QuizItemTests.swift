import Foundation
import Testing
import TestSupport

@testable import Models

@Suite("QuizItem decodes every published shape")
struct QuizItemTests {
    private func decodeFile(_ file: QuizFixture) throws -> LenientList<QuizItem> {
        try LenientList<QuizItem>.decode(file.data())
    }

    // MARK: The repository's own files, one per published shape

    @Test func decodesTheCurrentShapeOf2024() throws {
        let list = try decodeFile(Fixtures.quizFile("quizzes-2024.json"))
        #expect(list.elements.count == 7)
        #expect(list.skipped.isEmpty)
        let canberra = try #require(list.elements.first { $0.id == 61 })
        #expect(canberra.question == "¿Cuál es la capital de Australia?")
        #expect(canberra.answer == "Canberra")
        #expect(canberra.author?.username == nil)
        #expect(canberra.author?.profileName == "AndreaGilPérez")
        #expect(canberra.author?.displayName == "AndreaGilPérez")
        #expect(canberra.author?.profileId == Decimal(string: "118240554093477720000"), "beyond Int64")
        #expect(canberra.author?.photo?.mime == nil)
        #expect(canberra.author?.photo?.url.absoluteString == "https://quiz.example.org/users/9/photo")
        #expect(canberra.attachment?.url.absoluteString == "https://quiz.example.org/quizzes/61/attachment")
        #expect(canberra.attachment?.filename == nil)
        let orphan = try #require(list.elements.first { $0.id == 64 })
        #expect(orphan.author == nil)
    }

    @Test func decodesTheMixedShapeOf2023() throws {
        let list = try decodeFile(Fixtures.quizFile("quizzes-2023.json"))
        #expect(list.elements.count == 6)
        #expect(list.skipped.isEmpty)
        let first = try #require(list.elements.first)
        #expect(first.id == 21)
        #expect(first.author?.id == nil)
        #expect(first.author?.displayName == "PalomaRuizSanz")
        #expect(first.author?.photo?.url.host == "lh3.googleusercontent.com")
        #expect(first.author?.photo?.filename == nil)
        #expect(first.author?.photo?.mime == nil)
        #expect(first.favourite)
        let withoutAttachment = try #require(list.elements.first { $0.id == 22 })
        #expect(withoutAttachment.attachment == nil)
        let bareAttachment = try #require(list.elements.first { $0.id == 24 })
        #expect(bareAttachment.attachment?.mime == nil && bareAttachment.attachment?.filename == nil)
        #expect(bareAttachment.author?.photo == nil)
    }

    @Test func decodesTheOldShapeOf2021AndSkipsTheRepeatedId() throws {
        let list = try decodeFile(Fixtures.quizFile("quizzes-2021.json"))
        #expect(list.elements.count == 6)
        #expect(list.skipped.map(\.id) == ["12"])
        #expect(list.skipped.first?.reason == "id repetido")
        let oslo = try #require(list.elements.first { $0.id == 12 })
        #expect(oslo.favourite, "the first occurrence is the one kept")
        #expect(oslo.author?.photo == nil)
        let lisboa = try #require(list.elements.first)
        #expect(lisboa.attachment?.filename == "ciudades/lisboa.jpg")
        #expect(lisboa.attachment?.mime == "image/jpeg")
        #expect(lisboa.author?.id == 1)
        #expect(lisboa.author?.isAdmin == true)
    }

    @Test func decodesTheExamShapeOfJune2022() throws {
        let list = try decodeFile(Fixtures.quizFile("quizzes-exam-2022.json"))
        #expect(list.elements.map(\.id) == [1, 2, 3, 4])
        #expect(list.skipped.isEmpty)
        let roma = try #require(list.elements.first)
        #expect(roma.attachment == QuizMedia(url: try #require(URL(string: "https://examen.example.org/adjuntos/roma.jpg")), isPlainURL: true))
        #expect(roma.author?.photo?.url.absoluteString == "https://examen.example.org/fotos/pepe.png")
        let last = try #require(list.elements.last)
        #expect(last.attachment == nil, "an empty URL string is no attachment")
        #expect(last.author == nil)
    }

    // MARK: The real published files, when they are beside the repository

    @Test(.realFixtures, arguments: [
        ("quizzes-2024.json", 56, [String](), 48, "What's the capital of Mexico"),
        ("quizzes-2023.json", 43, [], 47, "Where's the Mississippi river?"),
        ("quizzes-2021.json", 41, ["30"], 35, "Capital of France"),
    ])
    func decodesTheRealFiles(name: String, count: Int, repeated: [String], firstID: Int, question: String) throws {
        let list = try decodeFile(RealFixtures.quizFile(name))
        #expect(list.elements.count == count)
        #expect(list.skipped.compactMap(\.id) == repeated)
        let first = try #require(list.elements.first)
        #expect(first.id == firstID && first.question == question)
        #expect(list.elements.contains { $0.author?.profileId == Decimal(string: "111310641530571150000") } == (name == "quizzes-2024.json"))
    }

    @Test func decodesTheLiveRandom10ItemWithoutAnswer() throws {
        let json = """
            {"id":5,"question":"Capital of Russia","author":{"id":7,"isAdmin":false,"username":null,
            "accountTypeId":3,"profileId":111310641530571150000,"profileName":"Ana",
            "photo":null},"attachment":null,"favourite":false}
            """
        let item = try JSONDecoder().decode(QuizItem.self, from: Data(json.utf8))
        #expect(item.answer == nil)
        #expect(item.attachment == nil)
        #expect(item.author?.photo == nil)
        #expect(item.author?.profileId?.description == "111310641530571150000")
    }

    @Test func decodesTheExamShapeWithPlainURLStrings() throws {
        let json = """
            {"id":1,"question":"¿Capital de Italia?","answer":"Roma",
            "author":{"username":"pepe","photo":"https://example.org/pepe.png"},
            "attachment":"https://example.org/roma.jpg","favourite":true}
            """
        let item = try JSONDecoder().decode(QuizItem.self, from: Data(json.utf8))
        #expect(item.attachment == QuizMedia(url: URL(string: "https://example.org/roma.jpg")!, isPlainURL: true))
        #expect(item.author?.photo?.url.absoluteString == "https://example.org/pepe.png")
        #expect(item.author?.isAdmin == nil)
    }

    @Test func treatsAbsentAndBlankFieldsAsMissing() throws {
        let json = #"{"id":2,"question":"Q","attachment":"","author":{"photo":" "}}"#
        let item = try JSONDecoder().decode(QuizItem.self, from: Data(json.utf8))
        #expect(item.attachment == nil)
        #expect(item.author?.photo == nil)
        #expect(item.favourite == false)
        #expect(item.answer == nil)
        let bare = #"{"id":3,"question":"Q"}"#
        #expect(try JSONDecoder().decode(QuizItem.self, from: Data(bare.utf8)).author == nil)
    }

    @Test func aMediaObjectWithoutAUsableURLIsNoAttachmentAndCostsNothing() throws {
        let json = #"{"id":2,"question":"Q","attachment":{"url":" ","mime":"image/png"},"favourite":"maybe"}"#
        let item = try JSONDecoder().decode(QuizItem.self, from: Data(json.utf8))
        #expect(item.attachment == nil && item.favourite == false && item.question == "Q")
    }

    @Test func acceptsAProfileIdSentAsADigitString() throws {
        let json = #"{"profileId":"111310641530571150000","photo":null}"#
        let author = try JSONDecoder().decode(QuizAuthor.self, from: Data(json.utf8))
        #expect(author.profileId == Decimal(string: "111310641530571150000"))
        let bad = #"{"profileId":"12a"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(QuizAuthor.self, from: Data(bad.utf8)) }
    }

    @Test(arguments: Fixtures.quizFiles) func encodesBackToTheSameShape(file: QuizFixture) throws { try encodesBack(file) }
    @Test(.realFixtures, arguments: RealFixtures.quizFiles) func encodesTheRealFilesBack(file: QuizFixture) throws { try encodesBack(file) }

    private func encodesBack(_ file: QuizFixture) throws {
        let data = try file.data()
        let items = try LenientList<QuizItem>.decode(data).elements
        let encoded = try JSONEncoder().encode(items)
        #expect(try JSONDecoder().decode([QuizItem].self, from: encoded) == items)
        // Field by field, the JSON written equals the JSON read, up to fields written as null
        // that the older files leave out or blank (and the repeated id, skipped).
        let original = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let written = try #require(JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        var seen = Set<Int>()
        var firstOccurrences: [[String: Any]] = []
        for item in original where seen.insert(try #require(item["id"] as? Int)).inserted {
            firstOccurrences.append(item)
        }
        #expect(firstOccurrences.count == written.count)
        for (read, back) in zip(firstOccurrences, written) {
            #expect(try canonical(read) == canonical(back))
        }
    }

    /// Sorted-keys JSON of `object` with null members (and empty strings, which the decoder
    /// reads as a missing URL) removed at every level.
    private func canonical(_ object: [String: Any]) throws -> String {
        func withoutNulls(_ value: Any) -> Any {
            guard let dictionary = value as? [String: Any] else { return value }
            return dictionary.filter { !($0.value is NSNull) && ($0.value as? String) != "" }.mapValues(withoutNulls)
        }
        let data = try JSONSerialization.data(withJSONObject: withoutNulls(object), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func encodesAPlainURLBackAsAString() throws {
        let photo = QuizMedia(url: URL(string: "https://e.org/p")!, isPlainURL: true)
        let item = QuizItem(
            id: 9, question: "Q", author: QuizAuthor(username: "u", photo: photo),
            attachment: QuizMedia(url: URL(string: "https://e.org/a")!, isPlainURL: true))
        let json = try #require(String(data: JSONEncoder().encode(item), encoding: .utf8))
        #expect(json.contains(#""attachment":"https:\/\/e.org\/a""#))
        #expect(json.contains(#""photo":"https:\/\/e.org\/p""#))
        #expect(!json.contains("answer"))
    }
}
