import Foundation
import HTTPServer
import Testing

@testable import StandIns

/// The stand-ins' test controls answer only when they are mounted with `controls: true`.
@Suite("Stand-in controls: mounted only for tests")
struct StandInControlsTests {
    private func router(controls: Bool) throws -> Router {
        var router = Router()
        try ListServerStandIn.books().mount(on: &router, controls: controls)
        return router
    }

    @Test func withoutControlsTheOutageSwitchIsNotThere() async throws {
        let router = try router(controls: false)
        for method in [HTTPMethod.put, .delete, .get] {
            let reply = await router.respond(to: HTTPRequest(method: method, target: "/standin/books/control/outage?status=503"))
            #expect(reply.status == .notFound, "\(method)")
        }
        #expect(await router.respond(to: HTTPRequest(method: .get, target: "/standin/books/control")).status == .notFound)
        #expect(await router.respond(to: HTTPRequest(method: .get, target: "/standin/books/")).status == .ok,
                "the service itself still answers")
    }

    @Test func withControlsTheSwitchWorks() async throws {
        let router = try router(controls: true)
        #expect(await router.respond(to: HTTPRequest(method: .put, target: "/standin/books/control/outage?status=503")).status == .ok)
        #expect(await router.respond(to: HTTPRequest(method: .get, target: "/standin/books/")).status.code == 503)
        #expect(await router.respond(to: HTTPRequest(method: .delete, target: "/standin/books/control/outage")).status == .ok)
        #expect(await router.respond(to: HTTPRequest(method: .get, target: "/standin/books/")).status == .ok)
    }
}
