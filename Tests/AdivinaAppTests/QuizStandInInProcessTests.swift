import Foundation
import Models
import Synchronization
import Testing
@testable import AdivinaApp
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bundled quiz stand-in is called in process (`InProcessTransport`): a class round of the
/// quiz server takes its questions and judges its answers with no request over the network, and
/// the first answer after the app starts is judged.
@MainActor
struct QuizStandInInProcessTests {
    /// A network that is down and remembers what it was asked.
    private final class DownNetwork: HTTPTransport {
        private let asked = Mutex<[String]>([])
        var urls: [String] { asked.withLock { $0 } }

        func send(_ request: URLRequest) async throws(RemoteError) -> (Data, HTTPURLResponse) {
            asked.withLock { $0.append(request.url?.absoluteString ?? "") }
            throw .offline
        }
    }

    @Test func aQuizServerRoundIsPlayedAndJudgedWithTheStandInInProcess() async throws {
        let network = DownNetwork()
        let running = try await RunningApp(arguments: ["--classroom"], transport: network, clock: ClassroomRound.Clock(getReady: 0))
        do {
            let key = try #require(running.app.hostKey)
            let host = ClassroomClient(base: running.url, headers: ["X-Host-Key": key])
            let ana = try await ClassroomClient(base: running.url).joined("Ana")
            #expect(try await host.send("PUT", "/api/classroom/host/pace", body: #"{"selfPaced":true}"#).status == 200)
            #expect(try await host.post("/api/classroom/host/game", #"{"game":"quizzes"}"#).status == 200)
            let started = try await host.post("/api/classroom/host/start")
            #expect(started.status == 200, "\(started.error ?? "")")
            let reply = try await ana.answer(1, "una respuesta")
            #expect(reply.status == 200, "\(reply.error ?? "")")
            #expect(reply.json["result"] is Bool, "judged by the stand-in: \(reply.json)")
            #expect(!network.urls.contains { $0.contains("standin/quiz") }, "\(network.urls)")
            await running.stop()
        } catch {
            await running.stop()
            throw error
        }
    }
}
