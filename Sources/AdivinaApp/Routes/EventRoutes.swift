import Foundation
import HTTPServer
import Models

/// `GET /api/events?topics=a,b`: one SSE stream of the live topics a page asks for (see
/// `Topic`); `classroom` and `round` only in classroom mode. In classroom mode `round` needs the
/// player cookie, the local player's topics are nobody's (403 for a player, 401 without one),
/// the shared ones need nobody; one client address (not loopback) may have
/// at most `ClassroomSession.streamsPerClient` streams open at once (429 beyond).
enum EventRoutes {
    /// Adds the route to `api`, streaming from `hub`.
    static func add(to api: inout APIRouter, hub: SSEHub, classroom: Bool) {
        let resolver = api.resolver
        api.addResponding(.get, "/api/events", access: .everyone) { (context: PublicContext) in
            let topics = try requestedTopics(context.request, classroom: classroom)
            let names = try resolver.hubTopics(topics, for: context.request)
            let cap = classroom ? resolver.streamCap(for: context.request) : nil
            return hub.streamResponse(for: context.request, topics: names, cap: cap)
        }
    }

    /// The topics of `?topics=a,b`, without repeats; 400 for none or an unknown one (`classroom`
    /// and `round` are known only in classroom mode).
    static func requestedTopics(_ request: HTTPRequest, classroom: Bool) throws(HTTPError) -> [Topic] {
        let names = (request.query("topics") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw HTTPError(.badRequest, message: "Indica los temas: /api/events?topics=quizzes,quiz")
        }
        var topics: [Topic] = []
        for name in names {
            guard let topic = Topic(rawValue: name), classroom || !topic.isClassroomOnly else {
                throw HTTPError(.badRequest, message: "No existe el tema «\(name)».")
            }
            if !topics.contains(topic) { topics.append(topic) }
        }
        return topics
    }
}
