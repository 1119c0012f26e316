import Foundation
import Testing
import TestSupport
@testable import AdivinaApp
@testable import Models

/// The room kept in the database (issue 36, point 3), in the app itself: a join never waits for
/// the disk (the player is written on the results store's queue).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClassroomRoomKeepingTests {
    /// Another writer holds the database (a disk that makes writes wait): a join is answered
    /// all the same, the host is told that results cannot be saved, and the player is written
    /// once the database is free. (Before, the join waited for the database on the room's actor
    /// and, once SQLite gave up, the player was never kept.)
    @Test func aJoinDoesNotWaitForASlowDisk() async throws {
        try await withClassroom { running, host, anyone in
            let results = try #require(running.app.classroom?.results)
            let other = try Store(path: results.records.store.path)
            let release = DispatchSemaphore(value: 0)
            let (holding, held) = AsyncStream<Void>.makeStream()
            let (outcome, ended) = AsyncStream<Bool>.makeStream()
            // The holder lets go when the test says, or at the hang bound (then it says so).
            let bound = DispatchTime.now() + .seconds(Int(hangBound.components.seconds))
            Thread.detachNewThread {
                try? other.write { _ in
                    held.yield()
                    ended.yield(release.wait(timeout: bound) == .success)
                }
            }
            for await _ in holding { break }
            let (reply, ana) = try await anyone.join("Ana")
            let told = try await eventually({ try await DataFolderFailureTests.resultsProblem(host) }, until: { $0 != nil })
            release.signal()
            var letGoByTheTest = false
            for await value in outcome {
                letGoByTheTest = value
                break
            }
            #expect(letGoByTheTest, "the join was answered and the host told while the database was held")
            #expect(reply.status == 201, "\(reply.status) \(reply.error ?? "")")
            #expect(told.met, "the host is told the player cannot be saved yet")
            let cleared = try await eventually({ try await DataFolderFailureTests.resultsProblem(host) }, until: { $0 == nil })
            #expect(cleared.met, "and that all is written once the database is free: \(cleared.value ?? "")")
            let saved = try await results.read { _ in try results.room.players(now: Date()) }
            #expect(saved.map(\.player.name) == ["Ana"] && saved.first?.player.token == ana.cookie?.split(separator: "=").last.map(String.init),
                    "\(saved)")
        }
    }
}
