import Foundation
import HTTPServer
import Testing
import TestSupport
@testable import AdivinaApp

/// The classroom's door: every route the server holds, called by a student in a running quizzes
/// round, refused unless its declaration (`RouteAccess`) opens it; and every API route with what
/// they must get from it. A new route fails these tests until it is declared and given its line.
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
        "GET /api/quizzes/state": (403, RouteAccess.onlyTheClass),
        "POST /api/quizzes/reload": (403, RouteAccess.onlyTheClass),
        "PUT /api/quizzes/filter": (403, RouteAccess.onlyTheClass),
        "POST /api/quizzes/:id/check": (403, RouteAccess.onlyTheRoundReason),
        "PUT /api/quizzes/:id/favourite": (403, RouteAccess.onlyTheClass),
        "DELETE /api/quizzes/:id/favourite": (403, RouteAccess.onlyTheClass),
        "GET /api/quizzes/:id/answer": (403, "En la clase no se pueden ver las respuestas."),
        "GET /api/quiz/state": (403, RouteAccess.onlyTheClass),
        "POST /api/quiz/next": (403, RouteAccess.onlyTheRoundReason),
        "POST /api/quiz/:id/check": (403, RouteAccess.onlyTheRoundReason),
        "PUT /api/quiz/:id/favourite": (403, RouteAccess.onlyTheClass),
        "DELETE /api/quiz/:id/favourite": (403, RouteAccess.onlyTheClass),
        "GET /api/quiz/:id/answer": (403, "En la clase no se pueden ver las respuestas."),
        "GET /api/books/state": (403, RouteAccess.onlyTheClass),
        "GET /api/matches/state": (403, RouteAccess.onlyTheClass),
        "GET /api/movies/state": (403, RouteAccess.onlyTheClass),
        "POST /api/books/reload": (403, RouteAccess.onlyTheClass),
        "POST /api/matches/reload": (403, RouteAccess.onlyTheClass),
        "POST /api/movies/reload": (403, RouteAccess.onlyTheClass),
        "POST /api/books/:id/answer": (403, RouteAccess.onlyTheRoundReason),
        "POST /api/movies/:id/answer": (403, RouteAccess.onlyTheRoundReason),
        "POST /api/matches/:id/check": (403, RouteAccess.onlyTheRoundReason),
        "PUT /api/matches/current": (403, RouteAccess.onlyTheClass),
        "GET /api/news/state": (403, RouteAccess.onlyTheClass),
        "POST /api/news/reload": (403, RouteAccess.onlyTheClass),
        "POST /api/news/more": (403, RouteAccess.onlyTheClass),
        "PUT /api/news/:id/favourite": (403, RouteAccess.onlyTheClass),
        "DELETE /api/news/:id/favourite": (403, RouteAccess.onlyTheClass),
        "GET /api/news/:id": (403, RouteAccess.onlyTheClass),
        "GET /api/news/:id/article": (403, RouteAccess.onlyTheClass),
        "GET /api/trivia/state": (403, RouteAccess.onlyTheClass),
        "POST /api/trivia/start": (403, RouteAccess.onlyTheRoundReason),
        "POST /api/trivia/restart": (403, RouteAccess.onlyTheRoundReason),
        "POST /api/trivia/answer": (403, RouteAccess.onlyTheRoundReason),
        "GET /api/ranking/state": (200, nil),
        "POST /api/ranking": (403, RouteAccess.onlyTheRoundReason),
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

    /// Four students in a running quizzes round: they share the calls, so none goes over the rate limit.
    private static func studentsInARound(_ host: ClassroomClient, _ anyone: ClassroomClient) async throws -> [ClassroomClient] {
        var students: [ClassroomClient] = []
        for name in ["Ana", "Bea", "Carla", "Dani"] {
            let (reply, student) = try await anyone.join(name)
            try #require(reply.status == 201)
            students.append(student)
        }
        #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes"}"#).status == 200)
        #expect(try await host.post("/api/classroom/host/start").status == 200)
        return students
    }

    /// Calls the route `method pattern` as `student`: its parameters filled with what no round
    /// holds, with a body every action decodes.
    private static func call(_ method: HTTPMethod, _ pattern: String, by student: ClassroomClient) async throws -> RunningApp.Reply {
        let path = pattern.replacingOccurrences(of: ":id", with: "\(strangerID)")
            .replacingOccurrences(of: ":name", with: "x.png").replacingOccurrences(of: "*", with: "x")
        let body = method == .get || method == .delete ? nil : bodies["\(method.rawValue) \(pattern)"] ?? anyBody
        return try await student.send(method.rawValue, path, body: body)
    }

    /// Every route the server's router holds is declared, and a player in class is refused by
    /// each one that their declaration does not open: walked from the router's own table, so a
    /// route added any other way has no declaration and fails here.
    @Test func everyRegisteredRouteRefusesAPlayerInClassUnlessItsDeclarationOpensIt() async throws {
        try await withClassroom { running, host, anyone in
            let students = try await Self.studentsInARound(host, anyone)

            let table = running.app.routeTable
            #expect(table.count == running.app.apiRoutes.count)
            #expect(table.contains { $0.pattern.hasPrefix("/standin/quiz/") }, "the stand-ins are in the table")
            var closed = 0
            for (index, entry) in table.enumerated() {
                let name = "\(entry.method.rawValue) \(entry.pattern)"
                let declared = running.app.apiRoutes.filter { $0.method == entry.method && $0.pattern == entry.pattern }
                try #require(declared.count == 1, "\(name) is declared once")
                let access = try #require(declared.first?.access)
                let reply = try await Self.call(entry.method, entry.pattern, by: students[index % students.count])
                switch access {
                case .notInClass(let reason):
                    closed += 1
                    #expect(reply.status == 403 && reply.error == reason, "\(name): closed in class")
                case .host:
                    #expect(reply.status == 401 || reply.status == 403, "\(name): the host key decides, \(reply.status)")
                    #expect(reply.error != RouteAccess.onlyTheClass && reply.error != RouteAccess.onlyTheRoundReason, "\(name)")
                case .everyone:
                    #expect(reply.error != RouteAccess.onlyTheClass && reply.error != RouteAccess.onlyTheRoundReason, "\(name): open")
                }
            }
            // The single-player apps' routes, their state reads too (35 when written: a class
            // player has no single-player models).
            #expect(closed == 35, "closed in class: \(closed)")
        }
    }

    /// Both quiz apps' favourites are closed in class alike (they drifted once: one was open),
    /// and open alike outside class.
    @Test func bothFavouriteRoutesAreClosedInClassAndOpenOutside() async throws {
        let routes = ["/api/quizzes", "/api/quiz"].flatMap { prefix in
            ["PUT", "DELETE"].map { (method: $0, path: "\(prefix)/\(Self.strangerID)/favourite") }
        }
        try await withClassroom { _, _, anyone in
            let ana = try await anyone.joined("Ana")
            for route in routes {
                let reply = try await ana.send(route.method, route.path)
                #expect(reply.status == 403 && reply.error == RouteAccess.onlyTheClass, "\(route.method) \(route.path)")
            }
        }
        try await withApp { running in
            var statuses: [Int] = []
            for route in routes {
                statuses.append(try await running.request(route.method, route.path, base: running.url).status)
            }
            #expect(Set(statuses).count == 1 && !statuses.contains(403), "\(statuses)")
        }
    }

    @Test func everyRouteGivesAClassroomPlayerWhatTheRoundAllows() async throws {
        try await withClassroom { running, host, anyone in
            let students = try await Self.studentsInARound(host, anyone)

            let apiRoutes = running.app.apiRoutes.filter { $0.pattern.hasPrefix("/api/") }
            let declared = apiRoutes.map { "\($0.method.rawValue) \($0.pattern)" }
            #expect(Set(declared) == Set(Self.expected.keys), "every route has its line in this table")
            #expect(declared.count == Set(declared).count)
            for (index, route) in apiRoutes.enumerated() {
                let name = "\(route.method.rawValue) \(route.pattern)"
                let expected = try #require(Self.expected[name])
                let reply = try await Self.call(route.method, route.pattern, by: students[index % students.count])
                #expect(reply.status == expected.status, "\(name): \(reply.error ?? "")")
                if let reason = expected.reason { #expect(reply.error == reason, "\(name)") }
                if case .notInClass(let reason) = route.access {
                    #expect(reply.status == 403 && reply.error == reason, "\(name): a route closed in class answers its reason")
                }
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
