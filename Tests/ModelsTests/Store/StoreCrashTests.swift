import Foundation
import Synchronization
import Testing
import TestSupport

@testable import Models

/// The quiz record survives `kill -9` at any moment: a child process (`StoreCrashProbe`, built
/// beside this test binary) commits batches of ids as fast as it can and is killed with SIGKILL;
/// each time, the reopened file is sound and holds exactly whole batches, at least every batch
/// the child reported committed.
@Suite("Store survives kill -9 in the middle of writes", .timeLimit(.minutes(2)))
struct StoreCrashTests {
    private static let batch = 10
    private static let server = "http://127.0.0.1:8080/standin/quiz"

    /// The probe sits next to the test binary in the build products directory.
    private static var probeURL: URL {
        TestSystem.productsDirectory.appendingPathComponent("StoreCrashProbe")
    }

    @Test func recordStaysConsistentAfterEveryKill() async throws {
        let directory = TestFiles.scratch("adivina-crash")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(FileManager.default.isExecutableFile(atPath: Self.probeURL.path), "build the StoreCrashProbe target")

        // Kill after 0 (while it opens and migrates), then after more and more commits.
        var reportedBefore = 0
        for commitsToSee in [0, 1, 3, 17, 60, 150] {
            let child = try ProbeProcess(executable: Self.probeURL, directory: directory, server: Self.server, batch: Self.batch)
            let seen = await child.waitForCommits(commitsToSee)
            #expect(seen, "the probe committed \(commitsToSee) batches in time (output: \(child.output))")
            await child.killHard()
            #expect(child.diedOfSIGKILL, "the probe was killed, it did not exit by itself (output: \(child.output))")

            let reported = max(child.lastReportedTotal ?? 0, reportedBefore)
            let store = try Store(directory: directory)
            #expect(try store.integrityCheck() == "ok")
            let ids = try QuizIDStore(.record, store: store, key: Self.server).quizIDs()
            let total = ids.count
            #expect(ids == Set(total == 0 ? [] : Array(1...total)), "no gap, no half batch")
            #expect(total % Self.batch == 0, "only whole transactions: \(total)")
            #expect(total >= reported, "every commit reported is there")
            #expect(total <= reported + Self.batch, "at most the one commit in flight at the kill")
            reportedBefore = total
        }
        #expect(reportedBefore >= 150 * Self.batch)
    }
}

/// The probe as a child process, its output collected by `ChildProcess`.
private struct ProbeProcess {
    private let child: ChildProcess

    init(executable: URL, directory: URL, server: String, batch: Int) throws {
        child = try ChildProcess(executable, [directory.path, server, String(batch)], mergingErrors: true)
    }

    var output: String {
        String(child.outputText.suffix(300))
    }

    /// The total of the last complete `committed N` line.
    var lastReportedTotal: Int? {
        let text = child.outputText
        let complete = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)])
        return complete.split(separator: "\n").last { $0.hasPrefix("committed ") }
            .flatMap { Int($0.dropFirst("committed ".count)) }
    }

    private var commitLines: Int {
        child.outputText.split(separator: "\n").count { $0.hasPrefix("committed ") }
    }

    /// Waits, with a deadline, until `count` commits have been reported since this child started.
    func waitForCommits(_ count: Int, seconds: Double = 30) async -> Bool {
        await eventually(timeout: .seconds(seconds), interval: .milliseconds(1)) {
            commitLines >= count || !child.isRunning
        } && commitLines >= count
    }

    /// Sends SIGKILL and waits (with a deadline) until the child is reaped and its output all read.
    func killHard() async {
        child.send(SIGKILL)
        await child.exitStatus(timeout: .seconds(30))
    }

    var diedOfSIGKILL: Bool {
        child.diedOf == SIGKILL
    }
}
