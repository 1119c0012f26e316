import Foundation
import Testing
import TestSupport
@testable import StandIns

/// The quiz server's contract as answered by the HTTP-free core.
@Suite final class QuizServerStandInTests {
    static let threeQuizzes = #"""
    [
      {"id": 5, "question": "Capital of Russia", "answer": "Moscow",
       "author": {"id": 1, "isAdmin": true, "username": "admin", "photo": {"url": "images/avatars/admin.svg", "mime": "image/svg+xml", "filename": "admin.svg"}},
       "attachment": {"url": "https://example.org/moscow.jpg", "mime": "image/jpeg"}, "favourite": true},
      {"id": 8, "question": "2+2", "answer": " Four ", "author": null, "attachment": "images/quizzes/four.svg", "favourite": false},
      {"id": 13, "question": "Best river?", "answer": "Tajo", "author": {"isAdmin": false, "username": null, "photo": "/elsewhere/photo.png"}, "attachment": null, "extra": [1, {"a": 111310641530571150000}]}
    ]
    """#

    let directory: URL

    init() throws {
        directory = try makeTemporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func standIn(
        _ json: String = threeQuizzes,
        tokens: QuizServerStandIn.TokenPolicy = .anyNonEmpty,
        images: StandInImages? = nil,
        dataDirectory: URL? = nil
    ) throws -> QuizServerStandIn {
        try QuizServerStandIn(
            catalog: try QuizCatalog(jsonData: Data(json.utf8)),
            images: try images ?? StandInImages(directory: directory),
            mountPath: "/standin/quiz/",
            dataDirectory: dataDirectory ?? directory,
            tokens: tokens)
    }

    func object(_ response: StandInResponse) throws -> [String: Any] {
        try #require(try jsonValue(response.body) as? [String: Any])
    }

    func array(_ response: StandInResponse) throws -> [[String: Any]] {
        try #require(try jsonValue(response.body) as? [[String: Any]])
    }

    func text(_ response: StandInResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    // MARK: Token

    @Test(arguments: [
        ("GET", "/api/quizzes/random10"), ("GET", "/api/quizzes/random"), ("GET", "/api/quizzes/5/check"),
        ("GET", "/api/quizzes/5/answer"), ("PUT", "/api/users/tokenOwner/favourites/5"),
        ("DELETE", "/api/users/tokenOwner/favourites/5"), ("GET", "/api/no/such/route"),
    ])
    func everyAPIRouteNeedsAToken(method: String, path: String) throws {
        let server = try standIn(tokens: .only(["good"]))
        for query in [[:], ["token": ""], ["token": "bad"], ["answer": "Moscow"]] {
            let response = server.respond(method: method, path: path, query: query)
            #expect(response.status == 401)
            #expect(response.contentType == "text/plain; charset=utf-8")
            #expect(text(response) == "Unauthorized")
        }
        #expect(server.respond(method: method, path: path, query: ["token": "good"]).status != 401)
    }

    @Test func anyNonEmptyTokenIsAccepted() throws {
        let server = try standIn()
        #expect(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "x"]).status == 200)
        #expect(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": ""]).status == 401)
    }

    // MARK: random10

    @Test func random10GivesEveryQuizOnceWithoutAnswersWhenThereAreFewer() throws {
        let response = try standIn().respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"])
        #expect(response.status == 200)
        #expect(response.contentType == "application/json; charset=utf-8")
        let items = try array(response)
        #expect(Set(items.compactMap { $0["id"] as? Int }) == [5, 8, 13])
        #expect(items.count == 3)
        #expect(items.allSatisfy { $0["answer"] == nil })
        #expect(items.allSatisfy { $0["favourite"] as? Bool == false })
    }

    @Test func random10GivesTenDistinctRandomQuizzes() throws {
        let server = try QuizServerStandIn(
            catalog: try QuizCatalog.bundled(), images: try StandInImages.bundled("quiz"),
            mountPath: "/standin/quiz", dataDirectory: directory)
        var seen: Set<Int> = []
        var orders: Set<[Int]> = []
        for _ in 0..<100 {
            let ids = try array(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"]))
                .compactMap { $0["id"] as? Int }
            #expect(ids.count == 10)
            #expect(Set(ids).count == 10)
            seen.formUnion(ids)
            orders.insert(ids)
        }
        #expect(seen.count == server.quizCount)
        #expect(orders.count > 90)
    }

    // MARK: random

    @Test func randomGivesEachQuizOncePerCycleThenNoMore() throws {
        let server = try standIn()
        for _ in 0..<2 {
            var ids: [Int] = []
            for _ in 0..<3 {
                let item = try object(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "a"]))
                #expect(item["answer"] == nil)
                #expect(item["question"] is String)
                ids.append(try #require(item["id"] as? Int))
            }
            #expect(Set(ids) == [5, 8, 13])
            let end = server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "a"])
            #expect(end.status == 200)
            #expect(text(end) == #"{"nomore":true}"#)
        }
    }

    @Test func randomCyclesAreKeptPerToken() throws {
        let server = try standIn()
        for _ in 0..<3 { _ = server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "a"]) }
        let other = try object(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "b"]))
        #expect(other["id"] is Int)
        #expect(text(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "a"])) == #"{"nomore":true}"#)
    }

    @Test func randomOfAnEmptyCatalogIsNoMore() throws {
        let server = try standIn("[]")
        #expect(text(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "a"])) == #"{"nomore":true}"#)
        #expect(text(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "a"])) == "[]")
    }

    // MARK: check and answer

    @Test(arguments: [
        ("Moscow", true), ("moscow", true), ("  MOSCOW \n", true), ("Moscú", false), ("Mos cow", false),
        ("", false), ("Moscow!", false),
    ])
    func checkComparesTrimmedAndCaseInsensitively(answer: String, right: Bool) throws {
        let response = try standIn().respond(method: "GET", path: "/api/quizzes/5/check", query: ["token": "t", "answer": answer])
        #expect(response.status == 200)
        let body = try object(response)
        #expect(body["quizId"] as? Int == 5)
        #expect(body["answer"] as? String == answer)
        #expect(body["result"] as? Bool == right)
    }

    @Test func checkTrimsTheStoredAnswerToo() throws {
        let server = try standIn()
        let body = try object(server.respond(method: "GET", path: "/api/quizzes/8/check", query: ["token": "t", "answer": "four"]))
        #expect(body["result"] as? Bool == true)
    }

    @Test func checkWithoutAnAnswerIsWrong() throws {
        let response = try standIn().respond(method: "GET", path: "/api/quizzes/5/check", query: ["token": "t"])
        #expect(text(response) == #"{"quizId":5,"answer":"","result":false}"#)
    }

    @Test func checkEchoesAnswersThatNeedEscaping() throws {
        let tricky = "a&b=c \"50% off\" 1+1 #1 ñandú \\ \u{7}"
        let body = try object(try standIn().respond(method: "GET", path: "/api/quizzes/5/check", query: ["token": "t", "answer": tricky]))
        #expect(body["answer"] as? String == tricky)
    }

    @Test func answerGivesTheRightAnswer() throws {
        let response = try standIn().respond(method: "GET", path: "/api/quizzes/5/answer", query: ["token": "t"])
        #expect(response.status == 200)
        #expect(text(response) == #"{"quizId":5,"answer":"Moscow"}"#)
    }

    @Test(arguments: [
        ("GET", "/api/quizzes/99/check"), ("GET", "/api/quizzes/99/answer"),
        ("PUT", "/api/users/tokenOwner/favourites/99"), ("DELETE", "/api/users/tokenOwner/favourites/99"),
    ])
    func anUnknownQuizIsTheServers404(method: String, path: String) throws {
        let response = try standIn().respond(method: method, path: path, query: ["token": "t", "answer": "x"])
        #expect(response.status == 404)
        #expect(text(response) == #"{"error":"There is no quiz with id=99"}"#)
    }

    @Test(arguments: [
        ("GET", "/api/quizzes/abc/check"), ("GET", "/api/quizzes/-5/answer"), ("GET", "/api/quizzes/５/answer"),
        ("GET", "/api/quizzes"), ("POST", "/api/quizzes/random10"), ("GET", "/api/users/7/favourites/5"),
        ("PATCH", "/api/users/tokenOwner/favourites/5"), ("GET", "/"), ("GET", "/quizzes/random10"),
        ("GET", "/images/../quizzes.json"), ("GET", "/control/outage"),
    ])
    func otherRoutesAreNotFound(method: String, path: String) throws {
        let response = try standIn().respond(method: method, path: path, query: ["token": "t"])
        #expect(response.status == 404)
        #expect(try object(response)["error"] as? String == "Not found")
    }

    // MARK: Favourites

    @Test func favouritesAreIdempotentAndPerToken() throws {
        let server = try standIn()
        func favourite(_ method: String, _ token: String) throws -> String {
            let response = server.respond(method: method, path: "/api/users/tokenOwner/favourites/8", query: ["token": token])
            #expect(response.status == 200)
            return text(response)
        }
        func isFavourite(_ token: String) throws -> Bool? {
            try array(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": token]))
                .first { $0["id"] as? Int == 8 }?["favourite"] as? Bool
        }
        #expect(try favourite("PUT", "ana") == #"{"id":8,"favourite":true}"#)
        #expect(try favourite("PUT", "ana") == #"{"id":8,"favourite":true}"#)
        #expect(try isFavourite("ana") == true)
        #expect(try isFavourite("ben") == false)
        let random = try object(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "ana"]))
        #expect(random["favourite"] as? Bool == (random["id"] as? Int == 8))
        #expect(try favourite("DELETE", "ana") == #"{"id":8,"favourite":false}"#)
        #expect(try favourite("DELETE", "ana") == #"{"id":8,"favourite":false}"#)
        #expect(try isFavourite("ana") == false)
    }

    @Test func favouritesSurviveARestart() throws {
        let first = try standIn()
        _ = first.respond(method: "PUT", path: "/api/users/tokenOwner/favourites/13", query: ["token": "ana"])
        _ = first.respond(method: "PUT", path: "/api/users/tokenOwner/favourites/5", query: ["token": "ben"])
        let stored = try String(contentsOf: directory.appendingPathComponent(QuizServerStandIn.favouritesFileName), encoding: .utf8)
        #expect(stored == #"{"ana":[13],"ben":[5]}"#)

        let second = try standIn()
        let items = try array(second.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "ana"]))
        #expect(Set(items.filter { $0["favourite"] as? Bool == true }.compactMap { $0["id"] as? Int }) == [13])
    }

    @Test func aFavouriteThatCannotBeSavedIsNotKept() throws {
        let blocker = directory.appendingPathComponent("blocker")
        try TestFiles.write(Data(), to: blocker)
        let server = try standIn(dataDirectory: blocker)
        let response = server.respond(method: "PUT", path: "/api/users/tokenOwner/favourites/5", query: ["token": "ana"])
        #expect(response.status == 500)
        #expect(try object(response)["error"] is String)
        let item = try array(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "ana"]))
            .first { $0["id"] as? Int == 5 }
        #expect(item?["favourite"] as? Bool == false)
    }

    @Test func aCorruptFavouritesFileStopsTheStart() throws {
        try TestFiles.write(Data("{".utf8), to: directory.appendingPathComponent(QuizServerStandIn.favouritesFileName))
        #expect(throws: QuizFavouritesFile.Failure.self) { try standIn() }
    }

    @Test func concurrentRequestsKeepEveryFavourite() async throws {
        let server = try standIn()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let id = [5, 8, 13][index % 3]
                    _ = server.respond(method: "PUT", path: "/api/users/tokenOwner/favourites/\(id)", query: ["token": "t\(index % 4)"])
                    _ = server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "t\(index % 4)"])
                }
            }
        }
        let favourites = try QuizFavouritesFile(url: directory.appendingPathComponent(QuizServerStandIn.favouritesFileName)).load()
        #expect(favourites == ["t0": [5, 8, 13], "t1": [5, 8, 13], "t2": [5, 8, 13], "t3": [5, 8, 13]])
    }

    // MARK: Item shape and images

    @Test func itemsKeepTheirShapeWithRelativeImageURLsResolved() throws {
        let items = try array(try standIn().respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"]))
        var byID: [Int: [String: Any]] = [:]
        for item in items { byID[try #require(item["id"] as? Int)] = item }
        let five = try #require(byID[5])
        #expect(Set(five.keys) == ["id", "question", "author", "attachment", "favourite"])
        let author = try #require(five["author"] as? [String: Any])
        #expect((author["photo"] as? [String: Any])?["url"] as? String == "/standin/quiz/images/avatars/admin.svg")
        #expect((author["photo"] as? [String: Any])?["filename"] as? String == "admin.svg")
        #expect((five["attachment"] as? [String: Any])?["url"] as? String == "https://example.org/moscow.jpg")
        #expect(byID[8]?["attachment"] as? String == "/standin/quiz/images/quizzes/four.svg")
        #expect(byID[8]?["author"] is NSNull)
        let thirteen = try #require(byID[13])
        #expect(thirteen["attachment"] is NSNull)
        #expect((thirteen["author"] as? [String: Any])?["photo"] as? String == "/elsewhere/photo.png")
        #expect(Set(thirteen.keys) == ["id", "question", "author", "attachment", "favourite", "extra"])
        let body = String(decoding: try standIn().respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"]).body, as: UTF8.self)
        #expect(body.contains(#"{"a":111310641530571150000}"#))
    }

    @Test func bundledImagesAreServedWhereTheItemsPoint() throws {
        let server = try QuizServerStandIn(
            catalog: try QuizCatalog.bundled(), images: try StandInImages.bundled("quiz"),
            mountPath: "/standin/quiz", dataDirectory: directory)
        var urls: Set<String> = []
        for _ in 0...server.quizCount {
            let item = try object(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "t"]))
            let attachment = item["attachment"] as? [String: Any]
            let photo = (item["author"] as? [String: Any])?["photo"] as? [String: Any]
            urls.formUnion([attachment?["url"], photo?["url"]].compactMap { $0 as? String })
        }
        #expect(urls.count >= 30)
        for url in urls {
            #expect(url.hasPrefix("/standin/quiz/images/"))
            let response = server.respond(method: "GET", path: String(url.dropFirst("/standin/quiz".count)), query: [:])
            #expect(response.status == 200, "\(url)")
            #expect(response.contentType == "image/svg+xml")
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<svg"))
        }
    }

    @Test(arguments: Fixtures.quizFiles) func eachShapeIsServedAsItIs(file: QuizFixture) throws { try servedInTheirOwnShape(file) }
    @Test(.realFixtures, arguments: RealFixtures.quizFiles) func realFilesToo(file: QuizFixture) throws { try servedInTheirOwnShape(file) }

    private func servedInTheirOwnShape(_ file: QuizFixture) throws {
        let originals = try file.items()
        var expected: [Int: NSDictionary] = [:]
        for original in originals.reversed() {
            var item = original
            item["answer"] = nil
            item["favourite"] = false
            expected[try #require(item["id"] as? Int)] = item as NSDictionary
        }
        let server = try QuizServerStandIn(
            catalog: try QuizCatalog(contentsOf: file.url), images: try StandInImages(directory: directory),
            mountPath: "/standin/quiz", dataDirectory: directory)
        var served: [Int: NSDictionary] = [:]
        while true {
            let response = server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "t"])
            let item = try object(response)
            if item["nomore"] != nil { break }
            served[try #require(item["id"] as? Int)] = item as NSDictionary
        }
        #expect(served.count == expected.count)
        #expect(served.count == file.count)
        for (id, item) in served {
            #expect(item == expected[id], "\(file.name) quiz \(id)")
        }
        for original in originals {
            let id = try #require(original["id"] as? Int)
            let answer = try #require(original["answer"] as? String)
            let check = try object(server.respond(method: "GET", path: "/api/quizzes/\(id)/check", query: ["token": "t", "answer": " \(answer.uppercased()) "]))
            #expect(check["result"] as? Bool == true, "\(file.name) quiz \(id)")
        }
    }

    // MARK: Outage switch

    @Test func anOutageFailsEveryAPIRouteUntilItEnds() throws {
        let server = try standIn()
        #expect(text(server.respond(method: "PUT", path: "/control/outage", query: [:])) == #"{"outage":503}"#)
        let down = server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"])
        #expect(down.status == 503)
        #expect(try object(down)["error"] is String)
        #expect(server.respond(method: "GET", path: "/api/quizzes/5/answer", query: [:]).status == 503)
        #expect(server.respond(method: "PUT", path: "/control/outage", query: ["status": "500"]).status == 200)
        #expect(server.respond(method: "GET", path: "/api/quizzes/random", query: ["token": "t"]).status == 500)
        #expect(text(server.respond(method: "DELETE", path: "/control/outage", query: [:])) == #"{"outage":null}"#)
        #expect(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"]).status == 200)
    }

    @Test(arguments: ["200", "404", "600", "abc", ""])
    func anOutageNeedsAServerErrorStatus(status: String) throws {
        let server = try standIn()
        let response = server.respond(method: "PUT", path: "/control/outage", query: ["status": status])
        #expect(response.status == 400)
        #expect(server.respond(method: "GET", path: "/api/quizzes/random10", query: ["token": "t"]).status == 200)
    }
}
