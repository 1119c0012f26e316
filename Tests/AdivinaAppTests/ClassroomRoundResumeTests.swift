import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AdivinaApp
@testable import Models

/// The round in play survives a restart (issue 36, point 3), in the app itself: two apps, one
/// after the other, on one data folder and one injected clock that the test moves. The round
/// goes on at the same question, the answers given stay given, the points held for the open
/// question count when the host shows its answer, a self-paced player's progress, the extra
/// time, the lock, the pace and a ban survive, and a round older than the room's 12 hours, or
/// whose checkpoint cannot be read, is closed as interrupted.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClassroomRoundResumeTests {
    /// A clock the test moves by hand, shared by both apps; no 3-2-1, nothing closes by itself.
    final class Hands: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
        var clock: ClassroomRound.Clock { ClassroomRound.Clock(now: { self.now }, getReady: 0, closesOnTime: false) }
    }

    /// A set of `count` true-or-false questions (all true) picked for a round of `seconds` per
    /// question, host-paced unless `selfPaced`.
    static func pickSet(_ host: ClassroomClient, count: Int = 3, seconds: Int = 60, selfPaced: Bool = false) async throws {
        let quiz = #"{"kind":"truefalse","question":"¿El agua hierve a 100 °C al nivel del mar?","answer":true}"#
        let quizzes = Array(repeating: quiz, count: count).joined(separator: ",")
        let set = try await host.post("/api/classroom/sets", #"{"title":"Física","quizzes":[\#(quizzes)]}"#)
        let setID = try #require(set.json["id"] as? Int, "\(set.status) \(set.error ?? "")")
        _ = try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":\#(selfPaced)}"#)
        let pick = try await host.post("/api/classroom/host/game", #"{"game":"quizzes","set":\#(setID),"seconds":\#(seconds)}"#)
        try #require(pick.status == 200 || pick.status == 204, "\(pick.status) \(pick.error ?? "")")
    }

    /// `names` joined on `running` and a round of the set of `pickSet` started: the host's
    /// client and the players'.
    static func started(_ running: RunningApp, _ names: [String], selfPaced: Bool = false) async throws
        -> (host: ClassroomClient, phones: [ClassroomClient])
    {
        let host = try Self.host(running)
        let phones = try await ClassroomClient(base: running.url).joined(names)
        try await Self.pickSet(host, selfPaced: selfPaced)
        #expect(try await host.post("/api/classroom/host/start").status == 200)
        return (host, phones)
    }

    /// The host's client on `running`.
    static func host(_ running: RunningApp) throws -> ClassroomClient {
        ClassroomClient(base: running.url, headers: ["X-Host-Key": try #require(running.app.hostKey)])
    }

    /// Each player's score in the room's state, by name.
    static func scores(_ running: RunningApp) async throws -> [String: Int] {
        let state = try await ClassroomClient(base: running.url).get("/api/classroom/state").json
        let rows = try #require(state["players"] as? [[String: Any]])
        return Dictionary(rows.compactMap { row in (row["name"] as? String).map { ($0, row["score"] as? Int ?? -1) } }) { $1 }
    }

    /// `client` (a player of the first app) on `running`, with the same cookie.
    static func again(_ client: ClassroomClient, on running: RunningApp) -> ClassroomClient {
        ClassroomClient(base: running.url, cookie: client.cookie, headers: client.headers)
    }

    /// (1) Host-paced, question 2 open, two players answered (their points held), the app
    /// stops and starts again: question 2 is open again with the time it had left, those two
    /// have answered (a second answer is refused), a third answers, the host shows the answer,
    /// and all three get their points.
    @Test func aHostPacedQuestionGoesOnAfterARestart() async throws {
        let data = try RunningApp.temporaryDirectory("resume-host")
        let hands = Hands()
        var phones: [ClassroomClient] = []
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { first in
            let host: ClassroomClient
            (host, phones) = try await Self.started(first, ["Ana", "Bea", "Cai", "Dan"])
            for phone in phones.prefix(3) { #expect(try await phone.answer(1, true).status == 200) }
            #expect(try await host.post("/api/classroom/host/next").json["shows"] as? String == "answer", "Dan never answers: the host closes it")
            #expect(try await host.post("/api/classroom/host/next").json["question"] as? Int == 2)
            hands.advance(by: 10)
            for phone in phones.prefix(2) {
                let reply = try await phone.answer(2, true)
                #expect(reply.status == 200 && reply.json["status"] as? String == "recibida", "held until the answer shows: \(reply.json)")
            }
            #expect(try await Self.scores(first) == ["Ana": 1, "Bea": 1, "Cai": 1, "Dan": 0], "question 2's points held")
        }
        hands.advance(by: 300)
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { second in
            let host = try Self.host(second)
            let state = try await ClassroomClient(base: second.url).get("/api/classroom/state").json
            #expect(state["phase"] as? String == "playing" && state["question"] as? Int == 2, "the round goes on at question 2: \(state)")
            #expect((state["open"] as? [String: Any])?["number"] as? Int == 2, "question 2 is open again: \(state)")
            let endsAt = try #require((state["deadline"] as? [String: Any])?["endsAt"] as? Int64, "still timed: \(state)")
            #expect(endsAt - QuestionDeadline.milliseconds(hands.now) == 50_000, "the 50 s it had left, from the restart")
            #expect(try await Self.scores(second) == ["Ana": 1, "Bea": 1, "Cai": 1, "Dan": 0], "still held")
            let ana = Self.again(phones[0], on: second)
            #expect((try await ana.round())["answered"] as? Bool == true, "Ana has answered question 2")
            let twice = try await ana.answer(2, true)
            #expect(twice.status == 409 && twice.error == "Ya has respondido a esta pregunta.", "\(twice.status) \(twice.error ?? "")")
            hands.advance(by: 5)
            let cai = try await Self.again(phones[2], on: second).answer(2, true)
            #expect(cai.status == 200 && cai.json["status"] as? String == "recibida", "\(cai.status) \(cai.error ?? "")")
            #expect(try await host.post("/api/classroom/host/next").json["shows"] as? String == "answer")
            #expect(try await Self.scores(second) == ["Ana": 2, "Bea": 2, "Cai": 2, "Dan": 0], "all three get question 2's point")
            let chart = try #require((try await ClassroomClient(base: second.url).get("/api/classroom/state").json)["chart"] as? [String: Any])
            #expect(chart["question"] as? Int == 2 && chart["right"] as? Int == 3 && chart["unanswered"] as? Int == 1,
                    "the chart counts the answers of both lives: \(chart)")
        }
    }

    /// (2) Self-paced: a player's progress survives (their answers, their open question with the
    /// time it had left, on their own timer); another player goes on from where they were.
    @Test func aSelfPacedPlayersProgressSurvives() async throws {
        let data = try RunningApp.temporaryDirectory("resume-self")
        let hands = Hands()
        var phones: [ClassroomClient] = []
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { first in
            phones = try await Self.started(first, ["Ana", "Bea"], selfPaced: true).phones
            #expect(try await phones[0].answer(1, true).json["points"] as? Int == 1)
            #expect(try await phones[0].post("/api/classroom/round/open", #"{"question":2}"#).status == 200)
            hands.advance(by: 20)  // a clean stop 20 s into her question 2: it has 40 s left
        }
        hands.advance(by: 600)
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { second in
            let ana = Self.again(phones[0], on: second)
            let me = try await ana.get("/api/classroom/me").json
            #expect(me["answered"] as? [Int] == [1] && me["score"] as? Int == 1, "Ana's answer and point kept: \(me)")
            let view = try await ana.round()
            #expect(view["question"] as? Int == 2, "Ana is on question 2: \(view)")
            #expect((view["deadline"] as? Int64).map { $0 - QuestionDeadline.milliseconds(hands.now) } == 40_000,
                    "her question 2 has the 40 s it had left: \(view)")
            #expect(try await ana.answer(1, true).status == 409, "question 1 stays answered")
            #expect(try await ana.answer(2, true).json["points"] as? Int == 1)
            #expect(try await Self.again(phones[1], on: second).answer(1, true).json["points"] as? Int == 1, "Bea starts at question 1")
            #expect(try await Self.scores(second) == ["Ana": 2, "Bea": 1])
        }
    }

    /// (3) The extra time, the lock, the pace and a ban survive the restart with the round.
    @Test func extraTimeLockPaceAndBansSurvive() async throws {
        let data = try RunningApp.temporaryDirectory("resume-settings")
        let hands = Hands()
        let proxy = ["--classroom", "--trust-proxy", "127.0.0.1"]
        func device(_ address: String, _ running: RunningApp) -> ClassroomClient {
            ClassroomClient(base: running.url, headers: ["X-Forwarded-For": address])
        }
        var ana: ClassroomClient?
        try await withApp(proxy, dataDirectory: data, clock: hands.clock) { first in
            let host = try Self.host(first)
            let joined = try await device("10.0.0.1", first).joined("Ana")
            ana = joined
            let (bot, _) = try await device("10.0.0.66", first).join("Bot")
            let botID = try #require(bot.json["id"] as? Int)
            let anaID = try #require(try await joined.get("/api/classroom/me").json["id"] as? Int)
            try await Self.pickSet(host, selfPaced: true)
            #expect(try await host.post("/api/classroom/host/start").status == 200)
            #expect(try await host.send("PUT", "/api/classroom/host/players/\(anaID)/time", body: #"{"factor":2}"#).status == 200)
            #expect(try await host.send("PUT", "/api/classroom/host/lock", body: #"{"locked":true}"#).status == 200)
            #expect(try await host.send("DELETE", "/api/classroom/host/players/\(botID)?ban=true").status == 200)
        }
        try await withApp(proxy, dataDirectory: data, clock: hands.clock) { second in
            let state = try await ClassroomClient(base: second.url).get("/api/classroom/state").json
            #expect(state["phase"] as? String == "playing", "\(state)")
            #expect(state["selfPaced"] as? Bool == true, "the pace survives: \(state)")
            #expect(state["locked"] as? Bool == true, "the lock survives: \(state)")
            let me = try await Self.again(try #require(ana), on: second).get("/api/classroom/me").json
            #expect(me["timeFactor"] as? Double == 2, "Ana's extra time survives: \(me)")
            let banned = try await device("10.0.0.66", second).join("Otro nombre").0
            #expect(banned.status == 403 && banned.error == "El profesor te ha sacado de la clase: no puedes volver a entrar en esta ronda.",
                    "the ban survives: \(banned.status) \(banned.error ?? "")")
            let locked = try await device("10.0.0.7", second).join("Eva").0
            #expect(locked.status == 403 && locked.error == "La clase está cerrada: el profesor no deja entrar a nadie más.",
                    "\(locked.status) \(locked.error ?? "")")
        }
    }

    /// (4) A round whose checkpoint cannot be read is closed as interrupted, the room kept and
    /// showing it over. (One last alive more than 12 hours before is closed with its room:
    /// `ClassroomRoomKeepingTests.aRoomIsTakenBackWithinTwelveHoursAndForgottenAfter`, which also
    /// sees one within the 12 hours go on.)
    @Test func aRoundWhosePlanCannotBeReadIsClosedAsInterrupted() async throws {
        let data = try RunningApp.temporaryDirectory("resume-unreadable")
        let hands = Hands()
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { first in
            _ = try await Self.started(first, ["Ana"])
        }
        let store = try Store(path: data.appendingPathComponent(Store.fileName).path)
        let spoilt = try store.write { connection throws(StoreError) -> Int in
            try connection.run("UPDATE classroom_round_resume SET state = 'x'")
            return connection.changes
        }
        #expect(spoilt == 1, "the round's checkpoint was kept, and is now unreadable")
        try await withApp(["--classroom"], dataDirectory: data, clock: hands.clock) { second in
            let state = try await ClassroomClient(base: second.url).get("/api/classroom/state").json
            let list = try #require(try JSONSerialization.jsonObject(
                with: try await Self.host(second).get("/api/classroom/rounds").body) as? [[String: Any]])
            #expect(state["phase"] as? String == "finished" && list.first?["interrupted"] as? Bool == true,
                    "closed as interrupted, the room kept: \(state) \(list)")
        }
    }
}
