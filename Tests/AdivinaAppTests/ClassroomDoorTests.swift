import Foundation
import Testing
import TestSupport
@testable import AdivinaApp

/// The classroom's one door: every route the API declares, called by a student in a
/// running quizzes round, with what they must get from it. A new route fails this test until it
/// is given its line here.
@MainActor
struct ClassroomDoorTests {
    /// A body every action decodes (each reads only its own fields).
    private static let anyBody = #"{"answer":"x","onlyUnanswered":true,"choice":1,"winner":1,"index":0,"name":"Zoe","id":null,"key":"k","game":"quizzes","selfPaced":false,"locked":true,"title":"t","quizzes":[],"data":"","question":1,"factor":1,"code":"x"}"#
    /// The routes whose fields have another type than in `anyBody`.
    private static let bodies = ["POST /api/movies/:id/answer": #"{"answer":true}"#]
    /// An id no round holds.
    private static let strangerID = 999_999

    /// Status a classroom player gets from each route, with the reason when it is a 403.
    private static let expected: [String: (status: Int, reason: String?)] = [
        "GET /api/quizzes/state": (200, nil),
        "POST /api/quizzes/reload": (403, APIRouter.onlyTheRound),
        "PUT /api/quizzes/filter": (403, APIRouter.onlyTheRound),
        "POST /api/quizzes/:id/check": (403, APIRouter.onlyTheRound),
        "PUT /api/quizzes/:id/favourite": (403, APIRouter.onlyTheRound),
        "DELETE /api/quizzes/:id/favourite": (403, APIRouter.onlyTheRound),
        "GET /api/quizzes/:id/answer": (403, "En la clase no se pueden ver las respuestas."),
        "GET /api/quiz/state": (200, nil),
        "POST /api/quiz/next": (403, APIRouter.onlyTheRound),
        "POST /api/quiz/:id/check": (403, APIRouter.onlyTheRound),
        "PUT /api/quiz/:id/favourite": (403, APIRouter.onlyTheRound),
        "DELETE /api/quiz/:id/favourite": (403, APIRouter.onlyTheRound),
        "GET /api/quiz/:id/answer": (403, "En la clase no se pueden ver las respuestas."),
        "GET /api/books/state": (200, nil),
        "GET /api/matches/state": (200, nil),
        "GET /api/movies/state": (200, nil),
        "POST /api/books/reload": (200, nil),
        "POST /api/matches/reload": (200, nil),
        "POST /api/movies/reload": (200, nil),
        "POST /api/books/:id/answer": (403, APIRouter.onlyTheRound),
        "POST /api/movies/:id/answer": (403, APIRouter.onlyTheRound),
        "POST /api/matches/:id/check": (403, APIRouter.onlyTheRound),
        "PUT /api/matches/current": (200, nil),
        "GET /api/news/state": (200, nil),
        "POST /api/news/reload": (200, nil),
        "POST /api/news/more": (200, nil),
        "PUT /api/news/:id/favourite": (404, nil),
        "DELETE /api/news/:id/favourite": (404, nil),
        "GET /api/news/:id": (404, nil),
        "GET /api/news/:id/article": (404, nil),
        "GET /api/trivia/state": (200, nil),
        "POST /api/trivia/start": (403, APIRouter.onlyTheRound),
        "POST /api/trivia/restart": (403, APIRouter.onlyTheRound),
        "POST /api/trivia/answer": (403, APIRouter.onlyTheRound),
        "GET /api/ranking/state": (200, nil),
        "POST /api/ranking": (403, APIRouter.onlyTheRound),
        "GET /api/classroom/state": (200, nil),
        "GET /api/classroom/time": (200, nil),
        "GET /api/classroom/round": (200, nil),
        "POST /api/classroom/round/open": (200, nil),
        "POST /api/classroom/round/answer": (200, nil),
        "POST /api/classroom/rejoin": (403, nil),
        "GET /api/classroom/host/extra-time": (401, nil),
        "PUT /api/classroom/host/players/:id/time": (401, nil),
        "GET /api/classroom/info": (200, nil),
        "GET /api/classroom/qr.svg": (200, nil),
        "POST /api/classroom/join": (409, nil),
        "GET /api/classroom/me": (200, nil),
        "POST /api/classroom/host/login": (403, "La clave de anfitrión no es correcta."),
        "POST /api/classroom/host/game": (401, nil),
        "POST /api/classroom/host/start": (401, nil),
        "POST /api/classroom/host/next": (401, nil),
        "PUT /api/classroom/host/pace": (401, nil),
        "PUT /api/classroom/host/lock": (401, nil),
        "POST /api/classroom/host/end": (401, nil),
        "POST /api/classroom/host/players/:id/release": (401, nil),
        "DELETE /api/classroom/host/players/:id": (401, nil),
        "GET /api/classroom/sets": (401, nil),
        "POST /api/classroom/sets": (401, nil),
        "GET /api/classroom/sets/:id": (401, nil),
        "PUT /api/classroom/sets/:id": (401, nil),
        "DELETE /api/classroom/sets/:id": (401, nil),
        "POST /api/classroom/sets/:id/duplicate": (401, nil),
        "POST /api/classroom/sets/import": (401, nil),
        "GET /api/classroom/sets/:id/quizzes.json": (401, nil),
        "GET /api/classroom/sets/:id/export.gift": (401, nil),
        "GET /api/classroom/sets/:id/export.xml": (401, nil),
        "POST /api/classroom/images": (401, nil),
        "GET /api/classroom/rounds": (401, nil),
        "GET /api/classroom/rounds/:id": (401, nil),
        "GET /api/classroom/rounds/:id/results.csv": (401, nil),
        "GET /api/classroom/rounds/:id/results.xlsx": (401, nil),
        "GET /api/classroom/images/:name": (404, nil),
        "GET /api/events": (400, nil),
    ]

    /// Every answer route but the round's refuses a classroom player by the pipeline's one rule.
    @Test func everyAnswerRouteButTheRoundsIsClosedInClassByThePipeline() async throws {
        try await withApp(["--classroom"]) { running in
            let suffixes = ["/answer", "/check", "/start", "/restart", "/next", "/api/ranking"]
            let answering = running.app.apiRoutes.filter { route in
                route.method != .get && !route.pattern.hasPrefix("/api/classroom/")
                    && suffixes.contains { route.pattern.hasSuffix($0) }
            }
            #expect(answering.count == 10)
            for route in answering {
                #expect(route.closedInClassroom == APIRouter.onlyTheRound, "\(route.method.rawValue) \(route.pattern)")
            }
        }
    }

    @Test func everyRouteGivesAClassroomPlayerWhatTheRoundAllows() async throws {
        try await withClassroom { running, host, anyone in
            // Four students share the calls, so none goes over the rate limit.
            var students: [ClassroomClient] = []
            for name in ["Ana", "Bea", "Carla", "Dani"] {
                let (reply, student) = try await anyone.join(name)
                try #require(reply.status == 201)
                students.append(student)
            }
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes"}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/start").status == 200)

            let declared = running.app.apiRoutes.map { "\($0.method.rawValue) \($0.pattern)" }
            #expect(Set(declared) == Set(Self.expected.keys), "every route has its line in this table")
            #expect(declared.count == Set(declared).count)
            for (index, route) in running.app.apiRoutes.enumerated() {
                let name = "\(route.method.rawValue) \(route.pattern)"
                let expected = try #require(Self.expected[name])
                let path = route.pattern.replacingOccurrences(of: ":id", with: "\(Self.strangerID)")
                let body = route.method == .get || route.method == .delete ? nil : Self.bodies[name] ?? Self.anyBody
                let reply = try await students[index % students.count].send(route.method.rawValue, path, body: body)
                #expect(reply.status == expected.status, "\(name): \(reply.error ?? "")")
                if let reason = expected.reason { #expect(reply.error == reason, "\(name)") }
                #expect((route.closedInClassroom != nil) == (reply.error == route.closedInClassroom && reply.status == 403),
                        "\(name): a route closed in class answers its reason")
            }
        }
    }

    /// A closed question never opens again: not by switching to self-paced, not by any route.
    @Test func aClosedQuestionNeverReopensThroughTheDoor() async throws {
        try await withClassroom { _, host, anyone in
            let ana = try await anyone.joined("Ana")
            let bea = try await anyone.joined("Bea")
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia","seconds":20}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            _ = try await ana.answer(1, [0])
            #expect(try await host.post("/api/classroom/host/next").status == 200)
            #expect(try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 200)
            #expect(try await bea.round()["question"] as? Int == 2)
            #expect(try await bea.post("/api/classroom/round/open", #"{"question":1}"#).status == 409)
            let late = try await bea.post("/api/classroom/round/answer", #"{"question":1,"answer":[0]}"#)
            #expect(late.status == 409 && late.error == "Se acabó el tiempo de esta pregunta.")
        }
    }

    /// In a self-paced timed round a question's text reaches a player only once they open it.
    @Test func selfPacedTimedTheQuestionIsSeenOnlyOnceOpened() async throws {
        try await withClassroom { _, host, anyone in
            let ana = try await anyone.joined("Ana")
            _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#)
            _ = try await host.post("/api/classroom/host/game", #"{"game":"trivia","seconds":20}"#)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            let before = try await ana.round()
            #expect(before["phase"] as? String == "unopened" && before["text"] is NSNull && (before["options"] as? [Any])?.isEmpty == true)
            #expect(try await anyone.get("/api/classroom/state").json["open"] is NSNull)
            let early = try await ana.post("/api/classroom/round/answer", #"{"question":1,"answer":[0]}"#)
            #expect(early.status == 409 && early.error == "Abre primero la pregunta para que empiece tu tiempo.")
            let opened = try await ana.post("/api/classroom/round/open", #"{"question":1}"#)
            #expect(opened.status == 200 && opened.json["deadline"] is Int)
            #expect(try await ana.round()["text"] is String)
        }
    }
}
