import Foundation
import Synchronization
import Testing
@testable import AdivinaApp

/// Guessing the host key: after `HostKeyGuard.allowedFailures` wrong keys a device waits (429,
/// whatever key it sends), other devices are not held back, and the first failure of a burst
/// is said once on stderr.
@Suite("Wrong host keys: a device that keeps guessing waits")
struct HostKeyGuessingTests {
    /// A clock the test moves, and the lines the guard said.
    final class Probe: Sendable {
        let instant = Mutex(ContinuousClock.now)
        let said = Mutex<[String]>([])
        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
    }

    private func guarded() -> (HostKeyGuard, Probe) {
        let probe = Probe()
        let keys = HostKeyGuard(key: "right", now: { probe.instant.withLock { $0 } }, say: { line in probe.said.withLock { $0.append(line) } })
        return (keys, probe)
    }

    private func status(_ keys: HostKeyGuard, _ key: String?, from address: String) -> Int {
        do {
            try keys.check(key, from: address)
            return 200
        } catch {
            return error.status.code
        }
    }

    @Test func afterTenWrongKeysTheDeviceWaitsEvenWithTheRightOne() {
        let (keys, probe) = guarded()
        let statuses = (1...10).map { status(keys, "guess-\($0)", from: "10.0.0.5") }
        #expect(statuses == Array(repeating: 403, count: 10))
        #expect(status(keys, "guess-11", from: "10.0.0.5") == 429)
        #expect(status(keys, "right", from: "10.0.0.5") == 429, "no answer tells a locked device whether its key is right")
        #expect(status(keys, "right", from: "10.0.0.6") == 200, "another device is not held back")
        probe.advance(HostKeyGuard.wait)
        #expect(status(keys, "right", from: "10.0.0.5") == 200, "the wait is over")
    }

    @Test func theFirstFailureOfABurstIsSaidOnce() {
        let (keys, probe) = guarded()
        for number in 1...12 { _ = status(keys, "guess-\(number)", from: "10.0.0.5") }
        #expect(probe.said.withLock { $0 } == [
            "clave de anfitrión incorrecta desde 10.0.0.5 (no se repite en esta racha; tras 10 fallos ese dispositivo espera)"
        ])
        probe.advance(HostKeyGuard.wait)
        _ = status(keys, "guess-again", from: "10.0.0.5")
        #expect(probe.said.withLock { $0.count } == 2, "a new burst is said again")
    }

    @Test func theSameStaleKeySentAgainCountsOnce() {
        let (keys, _) = guarded()
        for _ in 1...30 { #expect(status(keys, "yesterdays-key", from: "127.0.0.1") == 403) }
        #expect(status(keys, "right", from: "127.0.0.1") == 200, "a tab holding an old key does not lock the teacher out")
    }

    @Test func noKeyIsNotAGuess() {
        let (keys, probe) = guarded()
        for _ in 1...20 { #expect(status(keys, nil, from: "10.0.0.5") == 401) }
        #expect(status(keys, "right", from: "10.0.0.5") == 200)
        #expect(probe.said.withLock { $0.isEmpty })
    }

    @Test @MainActor func throughTheServerTheHostsRoutesAndTheLoginCount() async throws {
        try await withClassroom(["--trust-proxy", "127.0.0.1"]) { running, _, _ in
            let key = try #require(running.app.hostKey)
            var statuses: [Int] = []
            for number in 1...5 {
                let guesser = ClassroomClient(base: running.url, headers: ["X-Forwarded-For": "10.0.0.5", "X-Host-Key": "guess-\(number)"])
                statuses.append(try await guesser.post("/api/classroom/host/start").status)
            }
            let device = ClassroomClient(base: running.url, headers: ["X-Forwarded-For": "10.0.0.5"])
            for number in 6...10 {
                statuses.append(try await device.post("/api/classroom/host/login", try ClassroomClient.json(["key": "guess-\(number)"])).status)
            }
            #expect(statuses == Array(repeating: 403, count: 10))
            let locked = try await device.post("/api/classroom/host/login", try ClassroomClient.json(["key": key]))
            #expect(locked.status == 429)
            #expect(locked.error == "Demasiadas claves de anfitrión incorrectas desde este dispositivo: espera un minuto.")
            let teacher = ClassroomClient(base: running.url, headers: ["X-Forwarded-For": "10.0.0.9"])
            #expect(try await teacher.post("/api/classroom/host/login", try ClassroomClient.json(["key": key])).status == 200)
        }
    }
}
