import CEventLoop
import Testing
@testable import HTTPServer

/// The readiness set and the waker, through the C API the loop uses: the same tests run against
/// epoll in the Linux build and against poll(2) in the portable build (the Mac's path).
@Suite struct ReadinessTests {
    /// A poller and wakers used as plain readable descriptors, closed at the end.
    final class Fixture {
        let poller: OpaquePointer
        private(set) var wakers: [[Int32]] = []

        init() throws {
            var error: Int32 = 0
            poller = try #require(cel_poller_create(&error))
        }

        deinit {
            for waker in wakers { cel_waker_close(waker) }
            cel_poller_destroy(poller)
        }

        func waker() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [-1, -1]
            try #require(cel_waker_create(&fds) == 0)
            wakers.append(fds)
            return (fds[0], fds[1])
        }

        func wait(capacity: Int = 64, timeout: Int32 = 0) -> [cel_event] {
            var events = [cel_event](repeating: cel_event(), count: capacity)
            let count = events.withUnsafeMutableBufferPointer {
                cel_poller_wait(poller, $0.baseAddress, Int32($0.count), timeout)
            }
            return Array(events.prefix(max(0, Int(count))))
        }
    }

    @Test func theBackendIsTheOneThisBuildAsksFor() {
        let backend = String(cString: cel_poller_backend())
        #if ADIVINA_PORTABLE
        #expect(backend == "poll")
        #expect(cel_poller_shares_listener() == 0)
        #else
        // Native builds: epoll on Linux; every other system has only the portable backend.
        #expect(backend == "epoll" || backend == "poll")
        #expect((cel_poller_shares_listener() != 0) == (backend == "epoll"))
        #endif
        #expect(HTTPServer.readinessBackend == backend)
    }

    @Test func aSignalledWakerIsReadableOnceUntilDrained() throws {
        let fixture = try Fixture()
        let waker = try fixture.waker()
        #expect(cel_poller_add(fixture.poller, waker.read, UInt32(CEL_READABLE), 7) == 0)
        #expect(fixture.wait().isEmpty)
        cel_waker_signal(waker.write)
        cel_waker_signal(waker.write)  // A second wake-up before the drain costs nothing more.
        let events = fixture.wait(timeout: 1000)
        #expect(events.map(\.token) == [7])
        #expect(events.first.map { $0.events & UInt32(CEL_READABLE) != 0 } == true)
        cel_waker_drain(waker.read)
        #expect(fixture.wait().isEmpty)
    }

    @Test func modifyRemoveAndCloseChangeWhatIsReported() throws {
        let fixture = try Fixture()
        let first = try fixture.waker()
        let second = try fixture.waker()
        #expect(cel_poller_add(fixture.poller, first.read, UInt32(CEL_READABLE), 1) == 0)
        #expect(cel_poller_add(fixture.poller, second.read, UInt32(CEL_READABLE), 2) == 0)
        #expect(cel_poller_add(fixture.poller, first.read, UInt32(CEL_READABLE), 1) < 0)  // Already there.
        cel_waker_signal(first.write)
        cel_waker_signal(second.write)
        #expect(Set(fixture.wait().map(\.token)) == [1, 2])
        // No interest in reading: a readable descriptor is not reported; a new token is.
        #expect(cel_poller_modify(fixture.poller, first.read, 0, 1) == 0)
        #expect(cel_poller_modify(fixture.poller, second.read, UInt32(CEL_READABLE), 22) == 0)
        #expect(fixture.wait().map(\.token) == [22])
        #expect(cel_poller_remove(fixture.poller, second.read) == 0)
        #expect(cel_poller_remove(fixture.poller, second.read) < 0)  // Not there any more.
        #expect(fixture.wait().isEmpty)
        // A waker's writing end (a pipe's, or Linux's one eventfd), watched for writing, then
        // closed through the set: never reported again. The reading end is closed after it only
        // when it is another descriptor: closing an eventfd twice would close whatever a test
        // running beside this one opened under the same number meanwhile.
        var fds: [Int32] = [-1, -1]
        try #require(cel_waker_create(&fds) == 0)
        defer { if fds[0] != fds[1] { _ = cel_close(fds[0]) } }
        #expect(cel_poller_add(fixture.poller, fds[1], UInt32(CEL_WRITABLE), 3) == 0)
        #expect(fixture.wait().map(\.token).contains(3))
        #expect(cel_poller_close(fixture.poller, fds[1]) == 0)
        #expect(!fixture.wait().map(\.token).contains(3))
    }

    @Test func moreReadyThanTheCallerTakesAreAllReportedOverTwoWaits() throws {
        let fixture = try Fixture()
        var tokens: Set<UInt64> = []
        for token in UInt64(1)...10 {
            let waker = try fixture.waker()
            #expect(cel_poller_add(fixture.poller, waker.read, UInt32(CEL_READABLE), token) == 0)
            cel_waker_signal(waker.write)
            tokens.insert(token)
        }
        // Six at a time: the second wait must reach the four the first one left, whatever the
        // backend's order (poll resumes its scan where it stopped).
        let first = fixture.wait(capacity: 6)
        let second = fixture.wait(capacity: 6)
        #expect(first.count == 6)
        #expect(Set(first.map(\.token)).union(second.map(\.token)) == tokens)
    }
}
