import Foundation
import HTTPServer
import Models

/// The classroom's clock over HTTP (the rules are `ClassroomRound+Timer`; mounted with the
/// classroom's routes):
///
/// Anyone: `GET /api/classroom/time` → `{"now"}`, the server's clock in ms since 1970, so a page
/// shows the same countdown as every other whatever its own clock (the state's `deadline` is
/// on the server's clock).
/// Host: `GET /api/classroom/host/extra-time` → `[{"id","factor"}]` (the players with extra
/// time); `PUT /api/classroom/host/players/{id}/time {"factor":1|1.5|2}` → `{"id","factor"}`:
/// the player has that many times each question's time, and their speed points count on it.
/// Extra time is the host's only: the public leaderboard never shows it.
enum ClassroomTimerRoutes {
    private struct ServerTime: Encodable, Sendable { var now: Int64 }
    private struct FactorBody: Decodable, Sendable { var factor: Double }
    private struct ExtraTime: Encodable, Sendable {
        var id: Int
        var factor: Double
    }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.get("/api/classroom/time", access: .everyone) { (context: ClassroomContext) in
            ServerTime(now: QuestionDeadline.milliseconds(context.session.round.clock.now()))
        }
        api.get("/api/classroom/host/extra-time") { (context: HostContext) in
            await context.round.extraTime.sorted { $0.key < $1.key }.map { ExtraTime(id: $0.key, factor: $0.value) }
        }
        api.put("/api/classroom/host/players/:id/time", body: FactorBody.self) { (context: HostContext, body) in
            let id = try context.request.idParameter()
            try await context.round.setTimeFactor(body.factor, playerID: id, hostKey: context.key)
            return ExtraTime(id: id, factor: body.factor)
        }
    }
}
