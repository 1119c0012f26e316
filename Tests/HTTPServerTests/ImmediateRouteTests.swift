import Foundation
import Testing
@testable import HTTPServer

/// Routes with an immediate handler (`Router.ImmediateHandler`): answered on the event loop's
/// thread with no task, falling back to the route's handler when it declines (nil), in order
/// with the requests pipelined around them, with HEAD and keep-alive as any route.
@Suite struct ImmediateRouteTests {
    /// `/where` answers immediately whether it runs in a task and on the main thread;
    /// `/maybe/:answer` answers only when `answer` is `now`, otherwise its handler answers `later`
    /// from a task; `/slow` is an ordinary route.
    static func router() -> Router {
        var router = Router()
        router.get("/where", immediate: { _ in .text(Self.whereItRuns()) }) { _ in .text("handler: " + Self.whereItRuns()) }
        router.get(
            "/maybe/:answer",
            immediate: { request in request.parameters["answer"] == "now" ? .text("now") : nil }
        ) { _ in .text("later") }
        router.get("/slow") { _ in
            try await Task.sleep(for: .milliseconds(50))
            return .text("slow")
        }
        router.get("/where-async") { _ in .text(Self.whereItRuns()) }
        return router
    }

    static func whereItRuns() -> String {
        let inTask = withUnsafeCurrentTask { $0 != nil }
        return (inTask ? "in a task" : "no task") + (Thread.isMainThread ? ", main thread" : "")
    }

    @Test func runsOnTheLoopWithoutATask() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /where HTTP/1.1\r\nHost: x\r\n\r\nGET /where-async HTTP/1.1\r\nHost: x\r\n\r\n")
            let responses = await client.receiveResponses(2)
            #expect(responses.map(\.status) == [200, 200])
            #expect(responses.map(\.bodyText) == ["no task", "in a task"], "an ordinary route, for contrast")
        }
    }

    @Test func declinedRequestsGoToTheHandler() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /maybe/now HTTP/1.1\r\nHost: x\r\n\r\nGET /maybe/no HTTP/1.1\r\nHost: x\r\n\r\n")
            let responses = await client.receiveResponses(2)
            #expect(responses.map(\.bodyText) == ["now", "later"])
        }
    }

    @Test func pipelinedAroundSlowHandlersKeepTheirOrder() async throws {
        try await withClient(Self.router()) { client in
            var batch = ""
            for path in ["/slow", "/maybe/now", "/maybe/no", "/slow", "/maybe/now"] {
                batch += "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n"
            }
            client.send(batch)
            let responses = await client.receiveResponses(5)
            #expect(responses.map(\.bodyText) == ["slow", "now", "later", "slow", "now"])
        }
    }

    @Test func headAnswersTheHeadOnly() async throws {
        try await withClient(Self.router()) { client in
            client.send("HEAD /maybe/now HTTP/1.1\r\nHost: x\r\n\r\nGET /maybe/now HTTP/1.1\r\nHost: x\r\n\r\n")
            await client.receive { RawResponse.parseAll($0, bodyless: true).count >= 2 }
            let head = try #require(RawResponse.parseAll(client.received, bodyless: true).first)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "3")
            #expect(client.text.hasSuffix("\r\n\r\nnow"), "one body: the GET's")
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withClient(Self.router()) { client in
            client.send("GET /maybe/now HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(await client.receiveUntilClosed())
            #expect(client.text.contains("Connection: close\r\n"))
            #expect(client.text.hasSuffix("now"))
        }
    }

    @Test func inProcessRespondAsksTheImmediateHandlerFirst() async {
        let router = Self.router()
        let now = await router.respond(to: HTTPRequest(method: .get, target: "/maybe/now"))
        let later = await router.respond(to: HTTPRequest(method: .get, target: "/maybe/no"))
        #expect(now.bodyText == "now")
        #expect(later.bodyText == "later")
    }
}
