import Foundation
import Testing
@testable import AdivinaApp

/// What every list app (`books`, `matches`, `movies`) must do through the real server, checked
/// for one app: its stand-in at `standIn` (`/standin/books`), its list at `listPath` below it.
struct ListAppChecks: Sendable, CustomTestStringConvertible {
    /// The app's name: the topic, the `/api/<app>/…` prefix and the rows' key.
    let app: String
    /// Where its stand-in is mounted.
    let standIn: String
    /// The list's path below the stand-in (`/`, `/movies.json`).
    let listPath: String
    /// Its flag naming another server (`--books-url`) and the value that points at `other`.
    let urlFlag: (name: String, value: @Sendable (URL) -> String)
    /// The keys of a row (never the right answer).
    let rowKeys: Set<String>
    /// The image URLs a row links to.
    let images: @Sendable ([String: Any]) -> [String?]
    /// The action that answers item `id` (`/api/books/{id}/answer`), a body it takes, and the
    /// body's field.
    let answer: (path: @Sendable (Int) -> String, body: String, field: String)

    /// Books, Matches and Movies.
    static let all = [
        ListAppChecks(
            app: "books", standIn: "/standin/books", listPath: "/",
            urlFlag: ("--books-url", { $0.absoluteString + "standin/books/" }),
            rowKeys: ["id", "book", "question", "answer1", "answer2", "answeredRight"],
            images: { row in ["answer1", "answer2"].map { (row[$0] as? [String: Any])?["photo"] as? String } },
            answer: ({ "/api/books/\($0)/answer" }, #"{"choice":2}"#, "choice")),
        ListAppChecks(
            app: "matches", standIn: "/standin/matches", listPath: "/partidos.json",
            urlFlag: ("--matches-url", { $0.absoluteString + "standin/matches" }),
            rowKeys: ["id", "phase", "team1", "team2", "details", "answeredRight"],
            images: { row in
                let flags: [String] = ["team1", "team2"].compactMap { (row[$0] as? [String: Any])?["flag"] as? String }
                return flags
            },
            answer: ({ "/api/matches/\($0)/check" }, #"{"winner":1}"#, "winner")),
        ListAppChecks(
            app: "movies", standIn: "/standin/movies", listPath: "/movies.json",
            urlFlag: ("--movies-url", { $0.absoluteString + "standin/movies/movies.json" }),
            rowKeys: ["id", "name", "image", "question", "answeredRight"],
            images: { [$0["image"] as? String] },
            answer: ({ "/api/movies/\($0)/answer" }, #"{"answer":false}"#, "answer")),
    ]

    var testDescription: String { app }

    /// The checks, one per rule.
    enum Check: String, CaseIterable, Sendable {
        case bundledItems, rightAnswerCountsOnce, answersReachEveryStream, outage, urlFlag
    }

    /// Runs one check.
    @MainActor
    func run(_ check: Check) async throws {
        switch check {
        case .bundledItems: try await startsWithTheBundledItems()
        case .rightAnswerCountsOnce: try await aRightAnswerCountsOnce()
        case .answersReachEveryStream: try await answersReachEveryStream()
        case .outage: try await outageShowsAnErrorAndKeepsTheList()
        case .urlFlag: try await urlFlagPointsTheModelAtAnotherServer()
        }
    }

    /// The app starts with at least 15 bundled items whose images the server serves, a score of
    /// 0, no last result and no error.
    @MainActor
    func startsWithTheBundledItems() async throws {
        try await withApp { running in
            let state = try await running.loadedList(app)
            #expect(rows(state, app).count >= 15)
            #expect(state["score"] as? Int == 0 && state["lastResult"] is NSNull && state["error"] is NSNull)
            for row in rows(state, app) {
                #expect(Set(row.keys) == rowKeys)
                for url in images(row) {
                    let image = try await running.get(try #require(url, "\(row)"))
                    #expect(image.status == 200 && image.headers["content-type"] == "image/svg+xml", "\(url ?? "")")
                }
            }
        }
    }

    /// An answer gives `{"id","answer","solution","result","sequence"}`; answering the solution
    /// twice more is right both times and counts once in the score and the row.
    @MainActor
    func aRightAnswerCountsOnce() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList(app), app).last?["id"] as? Int)
            let first = try await running.post(answer.path(id), answer.body)
            #expect(first.status == 200)
            #expect(Set(first.json.keys) == ["id", "answer", "solution", "result", "sequence"])
            #expect(first.json["id"] as? Int == id && first.json["sequence"] as? Int == 1)
            let solution = try #require(first.json["solution"])
            let text = String(decoding: try JSONSerialization.data(withJSONObject: solution, options: .fragmentsAllowed), as: UTF8.self)
            for sequence in [2, 3] {
                let right = try await running.post(answer.path(id), "{\"\(answer.field)\":\(text)}")
                #expect(right.json["result"] as? Bool == true && right.json["sequence"] as? Int == sequence)
            }
            let state = try await running.state(app) { ($0["lastResult"] as? [String: Any])?["sequence"] as? Int == 3 }
            #expect(state["score"] as? Int == 1)
            #expect(rows(state, app).first { $0["id"] as? Int == id }?["answeredRight"] as? Bool == true)
        }
    }

    /// The stand-in's outage fails a reload with 502 and a Spanish error; the list stays; the
    /// next reload after the outage clears the error.
    @MainActor
    func outageShowsAnErrorAndKeepsTheList() async throws {
        try await withApp { running in
            let count = rows(try await running.loadedList(app), app).count
            #expect(try await running.put("\(standIn)/control/outage?status=503").status == 200)
            let reload = try await running.post("/api/\(app)/reload")
            #expect(reload.status == 502)
            #expect(reload.error == "El servidor ha fallado (error 503). Vuelve a intentarlo más tarde.")
            let failed = try await running.state(app) { $0["error"] is String }
            #expect(rows(failed, app).count == count)
            #expect(try await running.delete("\(standIn)/control/outage").status == 200)
            #expect(try await running.post("/api/\(app)/reload").status == 200)
            _ = try await running.state(app) { $0["error"] is NSNull }
        }
    }

    /// Two streams get the app's snapshot on connect (the same bytes as `state`), then the
    /// answer's result in a new one.
    @MainActor
    func answersReachEveryStream() async throws {
        try await withApp { running in
            let id = try #require(rows(try await running.loadedList(app), app).first?["id"] as? Int)
            let eventsURL = URL(string: "api/events?topics=\(app),quizzes", relativeTo: running.url)!
            let tabs = try (0..<2).map { _ in try EventStreamReader(url: eventsURL) }
            defer { tabs.forEach { $0.close() } }
            for tab in tabs {
                let opening = try #require(try await tab.event(named: app))
                #expect(Data(opening.data.utf8) == (try await running.get("/api/\(app)/state")).body)
            }
            #expect(try await running.post(answer.path(id), answer.body).status == 200)
            for tab in tabs {
                // Matches shows the selection of the match first, then the answer.
                var number = 2
                while let update = try await tab.event(named: app, number: number),
                    (update.json["lastResult"] as? [String: Any])?["id"] as? Int != id, number < 4
                {
                    number += 1
                }
                let answered = try #require(try await tab.event(named: app, number: number))
                #expect((answered.json["lastResult"] as? [String: Any])?["id"] as? Int == id)
            }
        }
    }

    /// The URL flag makes the model use another server (whose outage then shows here) while
    /// this server's own stand-in keeps working.
    @MainActor
    func urlFlagPointsTheModelAtAnotherServer() async throws {
        try await withApp { other in
            try await withApp([urlFlag.name, urlFlag.value(other.url)]) { running in
                _ = try await running.loadedList(app)
                _ = try await other.put("\(standIn)/control/outage")
                #expect(try await running.post("/api/\(app)/reload").status == 502, "the other server's outage shows here")
                #expect(try await running.get(standIn + listPath).status == 200, "while this server's stand-in works")
            }
        }
    }
}
