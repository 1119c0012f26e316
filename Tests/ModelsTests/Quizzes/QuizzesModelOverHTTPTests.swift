import Foundation
import Synchronization
import Testing

@testable import Models

/// The model with the real `URLSessionTransport` against a local socket server: the failure
/// modes that only a real connection shows (a 50 MB body, a server that stops answering).
@Suite("QuizzesModel over real HTTP", .timeLimit(.minutes(5)))
@MainActor
struct QuizzesModelOverHTTPTests {
    @Test func aFiftyMegabyteBodyEndsInAnErrorAndTheListStays() async throws {
        let requests = Mutex(0)
        let server = try TestHTTPServer { connection in
            _ = connection.readHead()
            let number = requests.withLock { count in
                count += 1
                return count
            }
            if number == 1 {
                let body = "[" + QuizReplies.itemJSON(1) + "]"
                connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
                return
            }
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n[")
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
            for _ in 0..<800 where connection.write(chunk) == chunk.count {}
        }
        let model = QuizzesModel(
            client: QuizServerClient(baseURL: server.baseURL, token: "t", transport: URLSessionTransport()), store: nil)
        try await model.download()
        #expect(model.quizzes.map(\.id) == [1])
        await #expect(throws: ModelError.remote(.tooLarge(limit: 10 * 1_048_576))) { try await model.download() }
        #expect(model.quizzes.map(\.id) == [1])
        #expect(model.error == RemoteError.tooLarge(limit: 10 * 1_048_576).userMessage)
    }

    @Test func aServerThatIsDownOrSilentEndsInAnError() async throws {
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let silent = try TestHTTPServer { connection in
            _ = connection.readHead()
            _ = release.wait(timeout: .now() + 20)
        }
        let slowModel = QuizzesModel(
            client: QuizServerClient(
                baseURL: silent.baseURL, token: "t", transport: URLSessionTransport(requestTimeout: 1, resourceTimeout: 5)),
            store: nil)
        await #expect(throws: ModelError.remote(.timeout)) { try await slowModel.download() }
        #expect(slowModel.loading == false)

        let refusing = try RefusingPort()
        let downModel = QuizzesModel(
            client: QuizServerClient(baseURL: URL(string: "http://127.0.0.1:\(refusing.port)")!, token: "t", transport: URLSessionTransport()),
            store: nil)
        await #expect(throws: ModelError.remote(.offline)) { try await downModel.download() }
        #expect(downModel.error == RemoteError.offline.userMessage)
    }
}
