import Foundation
import Testing
@testable import AdivinaApp

/// The Quizzes list's web API through the real server and the quiz stand-in.
@MainActor
struct QuizzesAPITests {
    @Test func startsWithTenQuizzesFromTheStandIn() async throws {
        try await withApp { running in
            let state = try await running.loadedQuizzes()
            #expect(quizIDs(state).count == 10)
            #expect(Set(quizIDs(state)).count == 10)
            #expect(state["score"] as? Int == 0)
            #expect(state["record"] as? Int == 0)
            #expect(state["error"] is NSNull)
            let first = try #require((state["quizzes"] as? [[String: Any]])?.first)
            for key in ["id", "question", "authorName", "authorPhoto", "attachment", "favourite", "answeredRight"] {
                #expect(first.keys.contains(key), "row lacks \(key)")
            }
            #expect(first["answer"] == nil, "the answer must never reach the page")
        }
    }

    @Test func rightAnswerRaisesScoreAndRecordOnce() async throws {
        try await withApp { running in
            let id = try #require(quizIDs(try await running.loadedQuizzes()).first)
            let answer = try #require(try await running.get("/api/quizzes/\(id)/answer").json["answer"] as? String)

            let wrong = try await running.post("/api/quizzes/\(id)/check", #"{"answer":"sin duda no es esto"}"#)
            #expect(wrong.status == 200)
            #expect(wrong.json["result"] as? Bool == false)

            let right = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"  \(answer.uppercased()) \"}")
            #expect(right.status == 200)
            #expect(right.json["result"] as? Bool == true)
            #expect(right.json["quizId"] as? Int == id)
            #expect(right.json["answer"] as? String == "  \(answer.uppercased()) ")
            _ = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answer)\"}")

            let state = try await running.state("quizzes") { $0["score"] as? Int == 1 }
            #expect(state["record"] as? Int == 1)
            let row = (state["quizzes"] as? [[String: Any]])?.first { $0["id"] as? Int == id }
            #expect(row?["answeredRight"] as? Bool == true)
        }
    }

    @Test func reloadResetsScoreButNotRecord() async throws {
        try await withApp { running in
            let id = try #require(quizIDs(try await running.loadedQuizzes()).first)
            let answer = try #require(try await running.get("/api/quizzes/\(id)/answer").json["answer"] as? String)
            _ = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answer)\"}")
            _ = try await running.state("quizzes") { $0["score"] as? Int == 1 }

            let reload = try await running.post("/api/quizzes/reload")
            #expect(reload.status == 200)
            let state = try await running.state("quizzes") { $0["score"] as? Int == 0 }
            #expect(state["record"] as? Int == 1)
        }
    }

    @Test func favouritesFollowTheServer() async throws {
        try await withApp { running in
            let id = try #require(quizIDs(try await running.loadedQuizzes()).last)
            let put = try await running.put("/api/quizzes/\(id)/favourite")
            #expect(put.status == 200)
            #expect(put.json["favourite"] as? Bool == true)
            var state = try await running.state("quizzes") { state in
                (state["quizzes"] as? [[String: Any]])?.first { $0["id"] as? Int == id }?["favourite"] as? Bool == true
            }
            let again = try await running.put("/api/quizzes/\(id)/favourite")
            #expect(again.json["favourite"] as? Bool == true, "PUT is idempotent")
            let delete = try await running.delete("/api/quizzes/\(id)/favourite")
            #expect(delete.json["favourite"] as? Bool == false)
            state = try await running.state("quizzes") { state in
                (state["quizzes"] as? [[String: Any]])?.first { $0["id"] as? Int == id }?["favourite"] as? Bool == false
            }
            #expect(quizIDs(state).contains(id))
        }
    }

    @Test func filterHidesQuizzesAnsweredRight() async throws {
        try await withApp { running in
            let ids = quizIDs(try await running.loadedQuizzes())
            let id = try #require(ids.first)
            let answer = try #require(try await running.get("/api/quizzes/\(id)/answer").json["answer"] as? String)
            _ = try await running.post("/api/quizzes/\(id)/check", "{\"answer\":\"\(answer)\"}")

            let filter = try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":true}"#)
            #expect(filter.status == 200)
            let filtered = try await running.state("quizzes") { $0["onlyUnanswered"] as? Bool == true }
            #expect(!quizIDs(filtered).contains(id))
            #expect(quizIDs(filtered).count == ids.count - 1)

            _ = try await running.put("/api/quizzes/filter", #"{"onlyUnanswered":false}"#)
            let all = try await running.state("quizzes") { $0["onlyUnanswered"] as? Bool == false }
            #expect(quizIDs(all).count == ids.count)
        }
    }
}
