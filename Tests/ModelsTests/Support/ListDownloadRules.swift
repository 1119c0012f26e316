import Foundation
import ModelsTesting
import Testing

@testable import Models

/// The download rules every list model follows, checked on one model through closures: every
/// failure shows its Spanish error and keeps the last good list, the next success clears it; a
/// superseded download's late answer or late failure changes nothing; loading shows meanwhile.
@MainActor
struct ListDownloadRules {
    /// The fake server the model talks to.
    let transport: ScriptedTransport
    /// A good reply with items of these ids.
    let list: ([Int]) -> ScriptedTransport.Reply
    /// Starts the model's download.
    let download: @MainActor () async throws -> Void
    /// The ids the model shows.
    let ids: @MainActor () -> [Int]
    /// The model's loading flag and error message.
    let status: @MainActor () -> (loading: Bool, error: String?)
    /// Sets the model's deadline for one remote call.
    let setDeadline: @MainActor (Duration) -> Void

    /// One failure of `QuizReplies.failures`, by name.
    func failureKeepsTheLastGoodList(_ name: String) async throws {
        let (_, reply, expected) = try #require(QuizReplies.failures.first { $0.name == name })
        transport.enqueue(list([1, 2]))
        try await download()
        if let reply { transport.enqueue(reply) }
        await #expect(throws: ModelError.remote(expected)) { try await download() }
        #expect(ids() == [1, 2])
        #expect(status().error == expected.userMessage)
        #expect(status().loading == false)
        transport.enqueue(list([3]))
        try await download()
        #expect(status().error == nil)
        #expect(ids() == [3])
    }

    /// A slow first download, overtaken by a second: neither its answer nor its failure shows.
    func lateAnswersChangeNothing() async throws {
        for late in [list([1, 2, 3]), .text("Unauthorized", status: 401)] {
            let before = transport.requests.count
            let slow = transport.enqueueHeld(late)
            let first = Task { try await download() }
            await transport.waitForRequests(before + 1)
            #expect(status().loading)
            transport.enqueue(list([7, 8]))
            try await download()
            slow.open()
            try await first.value
            #expect(ids() == [7, 8])
            #expect(status() == (false, nil))
        }
    }

    /// A download whose answer never comes ends within the model's deadline as the Spanish
    /// timeout error, with the last good list kept and `loading` false; the answer that comes
    /// after that changes nothing.
    func aDownloadThatNeverEndsBecomesATimeout() async throws {
        transport.enqueue(list([1, 2]))
        try await download()
        setDeadline(.milliseconds(300))
        let never = transport.enqueueHeld(list([9]))
        defer { never.open() }
        // The held reply waits for its gate, which opens only at the end: the timeout can come
        // from nothing but the model's deadline (no clock is read here; a busy machine is slow).
        await #expect(throws: ModelError.remote(.timeout)) { try await download() }
        #expect(ids() == [1, 2])
        #expect(status() == (false, RemoteError.timeout.userMessage))
        #expect(RemoteError.timeout.userMessage.hasPrefix("El servidor tarda demasiado"))
        never.open()
        setDeadline(Deadline.standard)
        transport.enqueue(list([3]))
        try await download()
        #expect(ids() == [3])
        #expect(status() == (false, nil))
    }
}
