import Foundation
import HTTPServer
import Models

/// A student's one door to the classroom's round (the rules are `ClassroomRound`'s; mounted with
/// the classroom's routes, declared open to a player in class: `RouteAccess.everyone`). Every
/// other answer route is closed to them (`RouteAccess`).
///
/// - `GET /api/classroom/round` → the player's view (`RoundView`), the same bytes as their topic
///   `round`'s events (`/api/events?topics=round`);
/// - `POST /api/classroom/round/open {"round"?:r,"question":n}` → `{"question":{"number","text","image","kind",
///   "options"},"startsAt","deadline"}`: self-paced, the question opens for them now (after its
///   3-2-1) and is the only way to see its text before answering; host-paced, the room's open one;
/// - `POST /api/classroom/round/answer {"round"?:r,"question":n,"answer":A}` → `{"status":"recibida",
///   "result","points"}`: host-paced `result` and `points` are null (who was right shows for
///   everybody together when the question closes), self-paced right (true, false; null a poll)
///   and the points;
///   `round` the round's id as the player's view says it (absent: the round being played; the
///   phone always names it): an answer meant for another round is refused with 409, so one kept
///   through an outage never lands in the next round's question of the same number;
///   `A` by kind: a string (`text`, at most 200 characters), an array of 0-based option indexes
///   (`choice`), a boolean (`truefalse`), a number (`number`), a 0-based index (`poll`: result null);
/// - `POST /api/classroom/rejoin {"name","code"}` → `{"id","name"}` and a new player cookie: the
///   player's name and points on a device that lost its cookie (the code is on their screen);
///   limited per client address as joins are.
///
/// 401 without a player, 404 outside classroom mode; a refused answer gets the Spanish reason
/// (400 for a wrong shape or over 200 characters, 409 for one out of time or repeated).
enum ClassroomRoundRoutes {
    private struct OpenBody: Decodable, Sendable {
        var round: Int?
        var question: Int
    }
    private struct AnswerBody: Decodable, Sendable {
        var round: Int?
        var question: Int
        var answer: GivenAnswer
    }
    private struct RejoinBody: Decodable, Sendable {
        var name: String
        var code: String
    }
    private struct Joined: Encodable, Sendable {
        var id: Int
        var name: String
    }

    /// Adds the routes to `api`.
    static func add(to api: inout APIRouter) {
        api.addResponding(.get, "/api/classroom/round", access: .everyone) { (context: ClassPlayerContext) in
            var response = context.player.topic.stateResponse()
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            return response
        }
        api.post("/api/classroom/round/open", body: OpenBody.self, access: .everyone) { (context: ClassPlayerContext, body) in
            try await context.player.open(round: body.round, question: body.question)
        }
        api.post("/api/classroom/round/answer", body: AnswerBody.self, access: .everyone) { (context: ClassPlayerContext, body) in
            try await context.player.answer(round: body.round, question: body.question, given: body.answer)
        }
        api.addResponding(.post, "/api/classroom/rejoin", body: RejoinBody.self, access: .everyone) { (context: ClassroomContext, body) in
            try await context.session.admit(context.clientAddress)
            let player = try await context.session.rejoin(name: body.name, code: body.code, from: context.clientAddress)
            var response = try HTTPResponse.json(Joined(id: player.id, name: player.name))
            response.setSessionCookie(ClassroomSession.playerCookie, player.token, secure: context.overHTTPS)
            response.setMarkerCookie(ClassroomSession.markerCookie, "1", secure: context.overHTTPS)
            return response
        }
    }
}
