import Foundation
import TestSupport
import Testing

/// 10,000 plain and 10,000 event-stream connect/disconnect cycles against `HTTPBenchServer` in a
/// child process; afterwards its open file descriptors are back at the baseline exactly, its open
/// connection count at zero, and its resident memory within `residentTolerance` of the baseline.
@Suite(
    .timeLimit(.minutes(3)),
    .enabled(if: TestSystem.processResourcesAvailable, "reads the server's descriptors and memory, which this system does not tell"))
struct ConnectionLeakTests {
    static let cycles = 10_000
    /// Allocator caches and one-off growth make RSS wobble by a few hundred KB; a leak of even
    /// 100 bytes per cycle would add 2 MB over the 20,000 cycles.
    static let residentTolerance = 1 << 20

    @Test func descriptorsAndMemoryReturnToBaselineAfterManyConnections() async throws {
        let server = try await BenchServerProcess()
        let port = server.port
        // Warm-up: let caches, the allocator and the connection table reach their working size.
        #expect(await Self.run(Self.plainCycles, count: 600, port: port) == 600)
        #expect(await Self.run(Self.streamCycles, count: 600, port: port) == 600)
        #expect(await Self.quiescent(port: port))
        let baselineDescriptors = server.fileDescriptors
        let baselineResident = server.residentBytes

        #expect(await Self.run(Self.plainCycles, count: Self.cycles, port: port) == Self.cycles)
        #expect(await Self.run(Self.streamCycles, count: Self.cycles, port: port) == Self.cycles)

        #expect(await Self.quiescent(port: port), "connections and streams closed")
        // At most the baseline: a descriptor still closing when the baseline was read may be
        // gone by now (11 → 10 was seen); a leak would leave more.
        #expect(await eventually { server.fileDescriptors <= baselineDescriptors },
                "descriptors \(server.fileDescriptors), baseline \(baselineDescriptors)")
        let grown = server.residentBytes - baselineResident
        #expect(grown <= Self.residentTolerance, "resident memory grew by \(grown) bytes")
        print("ConnectionLeakTests: descriptors \(baselineDescriptors) → \(server.fileDescriptors), resident \(baselineResident) → \(server.residentBytes) bytes (\(grown) grown)")
    }

    /// Ways a client comes and goes.
    enum Cycle: Sendable {
        /// A keep-alive request; the client closes after the response.
        case requestThenClose
        /// `Connection: close`; the server closes.
        case requestWithConnectionClose
        /// Connects and leaves without a word.
        case connectOnly
        /// Sends half a request head and leaves.
        case halfRequestThenClose
        /// Opens an event stream, reads the opening event, closes.
        case streamThenClose
        /// Opens an event stream, reads the opening event, resets the connection (RST).
        case streamThenReset
        /// Asks for an event stream and closes before reading anything.
        case askForStreamThenClose
    }

    static let plainCycles: [Cycle] = [.requestThenClose, .requestWithConnectionClose, .connectOnly, .halfRequestThenClose]
    static let streamCycles: [Cycle] = [.streamThenClose, .streamThenReset, .askForStreamThenClose]

    static let plainRequest = Array("GET /json HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
    static let closingRequest = Array("GET /json HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".utf8)
    static let streamRequest = Array("GET /events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".utf8)
    static let statsRequest = Array("GET /stats HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".utf8)

    /// Runs `count` cycles, rotating through `kinds`, on a thread of its own (blocking sockets);
    /// returns how many completed as expected.
    static func run(_ kinds: [Cycle], count: Int, port: Int) async -> Int {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var succeeded = 0
                for index in 0..<count where cycle(kinds[index % kinds.count], port: port) { succeeded += 1 }
                continuation.resume(returning: succeeded)
            }
        }
    }

    static func cycle(_ kind: Cycle, port: Int) -> Bool {
        guard let socket = BlockingSocket(port: port) else { return false }
        switch kind {
        case .requestThenClose:
            socket.send(plainRequest)
            return socket.read { $0.ends(with: "}") }
        case .requestWithConnectionClose:
            socket.send(closingRequest)
            return socket.readToEnd().ends(with: "}")
        case .connectOnly:
            return true
        case .halfRequestThenClose:
            socket.send(Array("GET /json HTTP/1.1\r\nHo".utf8))
            return true
        case .streamThenClose:
            socket.send(streamRequest)
            return socket.read { $0.ends(with: "{\"connected\":true}\n\n") }
        case .streamThenReset:
            socket.send(streamRequest)
            let opened = socket.read { $0.ends(with: "{\"connected\":true}\n\n") }
            socket.resetOnClose()
            return opened
        case .askForStreamThenClose:
            socket.send(streamRequest)
            return true
        }
    }

    /// Waits until the server reports no connection but the one asking, and no stream.
    static func quiescent(port: Int) async -> Bool {
        await eventually {
            guard let socket = BlockingSocket(port: port) else { return false }
            socket.send(statsRequest)
            let text = String(decoding: socket.readToEnd(), as: UTF8.self)
            return text.contains("\"openConnections\":1,") && text.contains("\"openEventStreams\":0,")
        }
    }
}

/// A blocking loopback TCP client with a 5 s receive timeout, closed on deinit.
private final class BlockingSocket {
    let socket: LoopbackSocket

    init?(port: Int) {
        guard let connected = try? LoopbackSocket.connected(toPort: port, receiveTimeout: 5) else { return nil }
        socket = connected
    }

    deinit { socket.close() }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { socket.send($0) }
    }

    /// Reads until `done` holds for what arrived; false on timeout or end of stream first.
    func read(until done: ([UInt8]) -> Bool) -> Bool {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !done(received) {
            let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
            if count <= 0 { return false }
            received += chunk[0..<count]
        }
        return true
    }

    /// Reads until the server closes (or the timeout).
    func readToEnd() -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
            if count <= 0 { return received }
            received += chunk[0..<count]
        }
    }

    /// Makes `close` send RST instead of FIN.
    func resetOnClose() { socket.resetOnClose() }
}

private extension [UInt8] {
    func ends(with suffix: String) -> Bool { self.count >= suffix.utf8.count && self.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) }
}
