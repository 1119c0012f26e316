import Testing
@testable import HTTPServer

/// Route matching without a socket: parameters, literals, wildcards, mounting, 404/405/Allow,
/// HEAD falling back to GET, body limits and errors thrown by handlers.
@Suite struct RouterTests {
    func router() -> Router {
        var router = Router()
        router.get("/api/quizzes/:id/answer") { request in .text("answer \(request.parameters["id"] ?? "(none)")") }
        router.post("/api/quizzes/:id/check", bodyLimit: 10) { request in .text("check \(request.parameters["id"] ?? "(none)")") }
        router.put("/api/quizzes/:id/favourite") { _ in .text("fav") }
        router.delete("/api/quizzes/:id/favourite") { _ in .text("unfav") }
        router.get("/api/quizzes/state") { _ in .text("state") }
        router.get("/files/*") { request in .text("rest=\(request.parameters["*"] ?? "(none)")") }
        router.patch("/p") { _ in .text("patched") }
        return router
    }

    func respond(_ router: Router, _ method: HTTPMethod, _ target: String) async -> HTTPResponse {
        await router.respond(to: HTTPRequest(method: method, target: target))
    }

    @Test func bindsParametersDecoded() async {
        let router = router()
        #expect(await respond(router, .get, "/api/quizzes/42/answer").bodyText == "answer 42")
        #expect(await respond(router, .get, "/api/quizzes/a%2Fb/answer").bodyText == "answer a/b")
        #expect(await respond(router, .post, "/api/quizzes/7/check").bodyText == "check 7")
        #expect(await respond(router, .patch, "/p").bodyText == "patched")
    }

    @Test func literalsAndParametersDoNotConfuseEachOther() async {
        let router = router()
        #expect(await respond(router, .get, "/api/quizzes/state").bodyText == "state")
        #expect(await respond(router, .get, "/api/quizzes/state/answer").bodyText == "answer state")
        #expect(await respond(router, .get, "/api/quizzes//answer").status == .notFound)
    }

    @Test func theTableListsEveryRouteAsAddedAndMounted() {
        var router = router()
        var mounted = Router()
        mounted.add(.put, "/*") { _ in .text("mounted") }
        router.mount("/standin/x", mounted)
        router.fallback("/api") { _ in .text("fallback") }
        let table = router.table.map { "\($0.method.rawValue) \($0.pattern)" }
        #expect(table.prefix(2) == ["GET /api/quizzes/:id/answer", "POST /api/quizzes/:id/check"])
        #expect(table.contains("GET /files/*") && table.last == "PUT /standin/x/*")
        #expect(!table.contains { $0.hasPrefix("GET /api/*") }, "fallbacks are not routes")
    }

    @Test func wildcardTakesTheRest() async {
        let router = router()
        #expect(await respond(router, .get, "/files/a/b/c.txt").bodyText == "rest=a/b/c.txt")
        #expect(await respond(router, .get, "/files").bodyText == "rest=")
    }

    @Test func unknownPathIs404() async {
        #expect(await respond(router(), .get, "/nope").status == .notFound)
        #expect(await respond(router(), .get, "/api/quizzes/1/answer/extra").status == .notFound)
    }

    @Test func otherMethodIs405WithAllow() async {
        let router = router()
        let response = await respond(router, .get, "/api/quizzes/1/favourite")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "PUT, DELETE")
        let answer = await respond(router, .post, "/api/quizzes/1/answer")
        #expect(answer.headers["Allow"] == "GET, HEAD")
    }

    @Test func headUsesTheGetRoute() async {
        #expect(await respond(router(), .head, "/api/quizzes/state").bodyText == "state")
    }

    @Test func routeBodyLimitIsKept() {
        guard case .route(let route, _) = router().match(method: .post, path: "/api/quizzes/1/check") else {
            Issue.record("route not found")
            return
        }
        #expect(route.bodyLimit == 10)
    }

    @Test func mountingPrefixesEveryRoute() async {
        var outer = Router()
        outer.mount("/standin/quiz", router())
        #expect(await respond(outer, .get, "/standin/quiz/api/quizzes/3/answer").bodyText == "answer 3")
        #expect(await respond(outer, .get, "/api/quizzes/3/answer").status == .notFound)
    }

    @Test func malformedEscapesAre400() async {
        #expect(await respond(router(), .get, "/api/quizzes/%zz/answer").status == .badRequest)
    }

    @Test func handlerErrorsBecomeResponses() async {
        var router = Router()
        router.get("/http") { _ in throw HTTPError(.notFound, message: "No existe") }
        router.get("/other") { _ in throw CancellationError() }
        let http = await respond(router, .get, "/http")
        #expect(http.status == .notFound)
        #expect(http.bodyText == #"{"error":"No existe"}"#)
        #expect(await respond(router, .get, "/other").status == .internalServerError)
    }

    @Test func fallbackTakesUnmatchedRequestsUnderItsPrefix() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        var router = router()
        router.fallback("/api") { request in
            .json(encoded: Array("{\"error\":\"no \(request.method.rawValue) \(request.parameters["*"] ?? "")\"}".utf8), status: .notFound)
        }
        router.serveFiles(try StaticFiles(root: web.root.path))
        let missing = await respond(router, .post, "/api/nothing/here")
        #expect(missing.status == .notFound)
        #expect(missing.bodyText == #"{"error":"no POST nothing/here"}"#)
        #expect(await respond(router, .get, "/api/quizzes/state").bodyText == "state", "routes still win")
        #expect(await respond(router, .get, "/api/quizzes/1/favourite").status == .methodNotAllowed, "405 still wins")
        #expect(await respond(router, .get, "/app.css").bodyText == "body{}", "outside the prefix: static files")
    }

    @Test func unmatchedGetsFallThroughToStaticFilesButRoutesWin() async throws {
        let web = try TemporaryWebRoot()
        defer { web.remove() }
        var router = router()
        router.serveFiles(try StaticFiles(root: web.root.path))
        #expect(await respond(router, .get, "/app.css").bodyText == "body{}")
        #expect(await respond(router, .get, "/api/quizzes/state").bodyText == "state")
        #expect(await respond(router, .post, "/app.css").status == .methodNotAllowed, "a file is there, to be read")
        #expect(await respond(router, .post, "/app.css").headers["Allow"] == "GET, HEAD")
        #expect(await respond(router, .post, "/nothing.css").status == .notFound)
        #expect(await respond(router, .get, "/api/quizzes/1/favourite").status == .methodNotAllowed)
    }
}
